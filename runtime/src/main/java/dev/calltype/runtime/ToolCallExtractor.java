package dev.calltype.runtime;

import dev.calltype.runtime.internal.formats.Family;
import dev.calltype.runtime.internal.formats.FamilyTable;
import dev.calltype.runtime.internal.formats.Recognizers;
import dev.calltype.runtime.internal.formats.ResponseTemplate;
import dev.calltype.runtime.internal.formats.TemplateFamily;
import dev.calltype.runtime.internal.scan.CallNormalizer;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.Driver;
import dev.calltype.runtime.internal.scan.ExtractionCollector;
import dev.calltype.runtime.internal.scan.Finding;
import dev.calltype.runtime.internal.scan.ScanTable;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads tool calls out of a model's raw text, in every format listed in {@link WireFormat}, leniently (JSON
 * repaired, names normalized, raw values typed by schema) but never unsafely: a call cut off by the end of the
 * response is an error, not a call.
 *
 * <pre>{@code
 * ToolCallExtractor extractor = ToolCallExtractor.builder().tools(ToolSpecs.fromJson(toolsJson)).build();
 * Extraction x = extractor.extract(modelOutput);
 * for (ToolCall call : x.calls()) { run(call.name(), call.arguments()); }
 * x.correctionPrompt().ifPresent(prompt -> sendBackToModel(prompt));
 * showToUser(x.text());
 * }</pre>
 *
 * <p>Immutable and thread-safe once built. {@link #streaming()} reads the same formats from token deltas with the
 * same results.
 */
public final class ToolCallExtractor {

    /** The marker of {@link WireFormat#TOOL_CALL_MARKER} unless {@link Builder#marker} sets another. */
    public static final String DEFAULT_MARKER = "TOOL_CALL";
    /** The default opening tag of {@link WireFormat#BRACKET_TAGS}. */
    public static final String DEFAULT_OPEN_TAG = "[TOOL_CALL]";
    /** The default closing tag of {@link WireFormat#BRACKET_TAGS}. */
    public static final String DEFAULT_CLOSE_TAG = "[/TOOL_CALL]";

    /** Every format: the families of the engine's table, and the generic recognizers. */
    private static final Recognizers FORMATS = new Recognizers(FamilyTable.families());

    private final ScanTable table;
    private final Config cfg;
    private final Ending ending;

    private ToolCallExtractor(ScanTable table, Ending ending) {
        this.table = table;
        this.cfg = table.cfg;
        this.ending = ending;
    }

    /**
     * A builder with every text format on, no known tools, the default marker, tags and limits.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The known tools.
     *
     * @return the tools given to the builder, in order; empty when any tool name is accepted
     */
    public List<ToolSpec> tools() {
        return cfg.tools.specs();
    }

    /**
     * The formats this extractor reads.
     *
     * @return an unmodifiable copy of the formats turned on
     */
    public Set<WireFormat> formats() {
        return Set.copyOf(cfg.formats);
    }

    /**
     * The limits it applies.
     *
     * @return the limits given to the builder, {@link ExtractionLimits#DEFAULTS} when none were
     */
    public ExtractionLimits limits() {
        return cfg.limits;
    }

    /**
     * Every call, error and the user-visible text of one complete response. Never throws for any text.
     *
     * @param response the model's whole response
     * @return what was found; failures are {@link ExtractionError}s in it, not exceptions
     * @throws NullPointerException when {@code response} is {@code null}
     */
    public Extraction extract(CharSequence response) {
        return extract(response, ending);
    }

    /**
     * Every call, error and the user-visible text of one complete response that ended as {@code ending} says: a call
     * its end leaves open runs only when it ended on purpose ({@link Ending#STOP}). Never throws for any text.
     *
     * @param response the model's whole response
     * @param ending how the response ended (the server's finish reason), {@link Ending#UNKNOWN} when not known
     * @return what was found; failures are {@link ExtractionError}s in it, not exceptions
     * @throws NullPointerException when {@code response} or {@code ending} is {@code null}
     */
    public Extraction extract(CharSequence response, Ending ending) {
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(ending, "ending");
        ExtractionCollector a = new ExtractionCollector();
        CharSequence text = cfg.promptTail.isEmpty() ? response : cfg.promptTail + response;
        new Driver(table, a).ending(ending).run(text, text.length(), true);
        return a.extraction(cfg);
    }

    /**
     * How the texts this extractor reads end when a call does not say ({@link #extract(CharSequence)},
     * {@link StreamingExtractor#finish()}).
     *
     * @return the ending given to the builder, {@link Ending#UNKNOWN} when none was
     */
    public Ending ending() {
        return ending;
    }

    /**
     * Reads one native tool call: a call a server sent apart from the text, as the name, argument string and id of a
     * Chat Completions {@code tool_calls} entry. The argument text is read by the same rules as a call in text:
     * leniently (single quotes, trailing commas, unquoted keys are {@link Repair repaired}), the name matched to the
     * known tools, within the {@link #limits() limits}, and a call the text cuts off is an error, never a call.
     *
     * <pre>{@code
     * Extraction x = extractor.readNativeCall("get_weather", "{'city': 'Paris',}", "call_1");
     * if (x.hasCalls()) run(x.calls().get(0)); else tellTheModel(x.correctionPrompt().orElseThrow());
     * }</pre>
     *
     * @param name the tool name as sent ({@code null} or blank is an error)
     * @param arguments the argument text as sent; blank means no arguments
     * @param id the call's id as sent, or {@code null}
     * @return one {@link WireFormat#NATIVE} call, or one error with its correction prompt; the text is empty and the
     *     one segment spans {@code arguments}
     */
    public Extraction readNativeCall(String name, CharSequence arguments, String id) {
        Objects.requireNonNull(arguments, "arguments");
        ObjectNode strict = StrictArguments.read(arguments, cfg.limits);
        if (strict == null) {
            return readNativeCallLeniently(name, arguments, id);
        }
        Finding found = CallNormalizer.call(name, strict, id, WireFormat.NATIVE, List.of(), 0, arguments.length(), cfg);
        if (!found.isCall()) {
            return collect(arguments, found);
        }
        return new Extraction(List.of(found.toCall()), List.of(), "",
                List.of(new Extraction.Segment(Extraction.Segment.Kind.CALL, 0, arguments.length())), null);
    }

    /**
     * {@link #readNativeCall} by the lenient engine alone, the path for every argument text {@link StrictArguments}
     * declines; package-private so that a test can hold the two paths' results side by side.
     */
    Extraction readNativeCallLeniently(String name, CharSequence arguments, String id) {
        return collect(arguments, CallNormalizer.nativeCall(name, arguments, id, cfg));
    }

    private Extraction collect(CharSequence arguments, Finding found) {
        ExtractionCollector a = new ExtractionCollector();
        a.item(arguments, found, 0);
        return a.extraction(cfg);
    }

    /**
     * A streaming extractor for one response; {@link StreamingExtractor#feed} returns the events.
     *
     * @return a new streaming extractor with this extractor's settings, for one response only
     */
    public StreamingExtractor streaming() {
        return new StreamingExtractor(table, ending, null);
    }

    /**
     * A streaming extractor for one response that also delivers every event to {@code listener}, in order.
     *
     * @param listener called with each event, on the thread that feeds the extractor
     * @return a new streaming extractor with this extractor's settings, for one response only
     */
    public StreamingExtractor streaming(Consumer<StreamEvent> listener) {
        return new StreamingExtractor(table, ending, Objects.requireNonNull(listener, "listener"));
    }

    /** Settings for a {@link ToolCallExtractor}. */
    public static final class Builder {
        private final List<ToolSpec> tools = new ArrayList<>();
        private final EnumSet<WireFormat> formats = EnumSet.complementOf(EnumSet.of(WireFormat.NATIVE));
        private String marker = DEFAULT_MARKER;
        private final List<Config.TagPair> tags = new ArrayList<>(List.of(
                new Config.TagPair(DEFAULT_OPEN_TAG, DEFAULT_CLOSE_TAG)));
        private boolean searchReasoning;
        private boolean runUnclosedReasoning = true;
        private Boolean startsInReasoning;
        private String promptTail = "";
        private ExtractionLimits limits = ExtractionLimits.DEFAULTS;
        private Ending ending = Ending.UNKNOWN;
        private ResponseTemplate template;

        private Builder() {
        }

        /**
         * Reads the tool calls a model's {@code response_template} describes, the declarative description of its
         * output that Hugging Face transformers reads from {@code tokenizer_config.json}: its {@code tool_calls}
         * region is read as a family's markup ({@link WireFormat#RESPONSE_TEMPLATE}), before the families Calltype
         * knows, and its other regions' markers are hidden (thinking as reasoning). The template's patterns run in
         * linear time; what they may not hold (back-references, lookaround) and the other refusals are listed in
         * {@code docs/response-templates.md}.
         *
         * @param json a {@code tokenizer_config.json} holding a {@code response_template}, or the template itself
         * @return this builder
         * @throws IllegalArgumentException when the text holds no template, or the template is malformed or refused;
         *     the message names the field
         */
        public Builder responseTemplate(String json) {
            this.template = ResponseTemplate.parse(Objects.requireNonNull(json, "json"));
            return this;
        }

        /**
         * {@link #responseTemplate(String)} from a file.
         *
         * @param file a {@code tokenizer_config.json} or a file holding the template alone
         * @return this builder
         * @throws IllegalArgumentException when the file cannot be read or holds no usable template
         */
        public Builder responseTemplate(Path file) {
            String text;
            try {
                text = Files.readString(Objects.requireNonNull(file, "file"));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the response template " + file + ": " + e, e);
            }
            try {
                this.template = ResponseTemplate.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
            return this;
        }

        /**
         * How the texts the extractor reads end, when {@link ToolCallExtractor#extract(CharSequence, Ending)} or
         * {@link StreamingExtractor#finish(Ending)} does not say: for a server that always reports its ending in the
         * same way, or a program that only reads replies that stopped on purpose. The default,
         * {@link Ending#UNKNOWN}, refuses a call the end of the text leaves open, since it may have been cut off.
         *
         * @param ending how the texts end
         * @return this builder
         */
        public Builder ending(Ending ending) {
            this.ending = Objects.requireNonNull(ending, "ending");
            return this;
        }

        /**
         * Adds known tools: names are checked against them, positional arguments mapped, raw values typed.
         *
         * @param specs the tools to add to those already given
         * @return this builder
         */
        public Builder tools(Collection<ToolSpec> specs) {
            for (ToolSpec s : specs) {
                tools.add(Objects.requireNonNull(s, "tool spec"));
            }
            return this;
        }

        /**
         * Adds known tools, as {@link #tools(Collection)} does.
         *
         * @param specs the tools to add to those already given
         * @return this builder
         */
        public Builder tools(ToolSpec... specs) {
            return tools(Arrays.asList(specs));
        }

        /**
         * Turns formats on.
         *
         * @param on the formats to read besides those already on
         * @return this builder
         */
        public Builder enable(WireFormat... on) {
            formats.addAll(Arrays.asList(on));
            return this;
        }

        /**
         * Turns formats off: their markup is then left as prose.
         *
         * @param off the formats not to read
         * @return this builder
         */
        public Builder disable(WireFormat... off) {
            formats.removeAll(Arrays.asList(off));
            return this;
        }

        /**
         * Exactly these formats.
         *
         * @param on the formats to read; every other one is off
         * @return this builder
         */
        public Builder formats(Set<WireFormat> on) {
            formats.clear();
            formats.addAll(on);
            return this;
        }

        /**
         * The marker of {@link WireFormat#TOOL_CALL_MARKER} (default {@code TOOL_CALL}).
         *
         * @param m the word that introduces a call
         * @return this builder
         * @throws IllegalArgumentException when {@code m} is {@code null} or blank
         */
        public Builder marker(String m) {
            if (m == null || m.isBlank()) {
                throw new IllegalArgumentException("the marker must not be blank");
            }
            this.marker = m;
            return this;
        }

        /**
         * Replaces the {@link WireFormat#BRACKET_TAGS} pairs (default {@code [TOOL_CALL]}/{@code [/TOOL_CALL]}) with
         * this one.
         *
         * @param open the tag before a call
         * @param close the tag after it
         * @return this builder
         * @throws IllegalArgumentException when a tag is {@code null} or empty
         */
        public Builder tags(String open, String close) {
            tags.clear();
            return addTags(open, close);
        }

        /**
         * Adds another {@link WireFormat#BRACKET_TAGS} pair, recognised besides the others.
         *
         * @param open the tag before a call
         * @param close the tag after it
         * @return this builder
         * @throws IllegalArgumentException when a tag is {@code null} or empty
         */
        public Builder addTags(String open, String close) {
            if (open == null || open.isEmpty() || close == null || close.isEmpty()) {
                throw new IllegalArgumentException("tags must not be empty");
            }
            tags.add(new Config.TagPair(open, close));
            return this;
        }

        /**
         * Whether calls inside {@code <think>} blocks are extracted too (default: no).
         *
         * @param on {@code true} to read calls in reasoning; {@code false} leaves reasoning as reasoning
         * @return this builder
         */
        public Builder searchReasoning(boolean on) {
            this.searchReasoning = on;
            return this;
        }

        /**
         * What becomes of tool-call markup written inside a reasoning block that is never closed (a response that
         * opens {@code <think>}, or begins inside it, and ends without {@code </think>}). Such a block is only known
         * to be unclosed at the end of the response, so a stream holds the reasoning from the first call markup in
         * it until the block closes or the response ends.
         *
         * <p>{@code true} (the default): when nothing but calls and blanks follows the block's first call markup,
         * the block ended there, as Ollama and LMDeploy read it: the calls run, each with
         * {@link Repair#REASONING_NOT_CLOSED}. When prose follows them, the calls were mentioned while reasoning (a
         * response cut off mid-thought): the block stays reasoning and each call is reported as an
         * {@link ExtractionError.Kind#CALL_IN_REASONING} error, never run. {@code false}: every such call is reported
         * so. A block that is closed is reasoning either way: a call mentioned in it is not run (unless
         * {@link #searchReasoning}).
         *
         * @param on {@code true} to run the calls of a reasoning block never closed; {@code false} to report them
         * @return this builder
         */
        public Builder runCallsInUnclosedReasoning(boolean on) {
            this.runUnclosedReasoning = on;
            return this;
        }

        /**
         * Whether the response begins inside a reasoning block. By default the response says: when its first
         * reasoning marker is a closing one ({@code </think>}, {@code </thinking>}, {@code </seed:think>},
         * {@code [/THINK]}, written without the opening one because the chat template opened it in the prompt, as
         * DeepSeek-R1, Qwen3 and Nemotron thinking modes do), what precedes it is reasoning, and a call mentioned
         * there is not run (a closing marker counts within the response's first 32,768 characters). A
         * {@link StreamingExtractor} then holds the text of a response until its first reasoning marker, its end, or
         * its 32,768th character, so that it never shows as prose what turns out to be reasoning.
         *
         * <p>{@code true}: the response begins inside {@code <think>} (up to the first {@code </think>}, or the whole
         * response without one). {@code false}: it does not (a lone closing marker is hidden, what precedes it stays
         * prose), and a stream shows text at once: the choice for models that never reason.
         *
         * @param on {@code true} when the prompt opened the reasoning block; {@code false} when the response never
         *     begins inside one
         * @return this builder
         */
        public Builder startsInReasoning(boolean on) {
            this.startsInReasoning = on;
            return this;
        }

        /**
         * The end of the prompt that the response continues, as the chat template rendered it (default: none). Some
         * templates write the opening of the model's markup into the prompt, so the response begins mid-structure:
         * gpt-oss after {@code <|start|>assistant} writes {@code  to=functions.NAME<|channel|>…}, Functionary v3.2
         * after {@code >>>} writes {@code NAME\n{…}}, thinking templates end with {@code <think>\n}. Given the tail,
         * the response is read as its continuation: markup opened in the tail is read on into the response (a call
         * starting there is reported from the response's first character), and nothing of the tail itself is
         * reported. Only the last few hundred characters of the prompt are needed; what lies wholly in the tail is
         * never reported.
         *
         * @param tail the last characters of the rendered prompt
         * @return this builder
         * @throws NullPointerException when {@code tail} is {@code null}
         */
        public Builder promptTail(String tail) {
            this.promptTail = Objects.requireNonNull(tail, "tail");
            return this;
        }

        /**
         * The limits (default {@link ExtractionLimits#DEFAULTS}).
         *
         * @param l the limits to apply
         * @return this builder
         * @throws NullPointerException when {@code l} is {@code null}
         */
        public Builder limits(ExtractionLimits l) {
            this.limits = Objects.requireNonNull(l, "limits");
            return this;
        }

        /**
         * An extractor with these settings; the builder may go on to build others.
         *
         * @return a new extractor, immutable and safe to share between threads
         */
        public ToolCallExtractor build() {
            Recognizers families = FORMATS;
            if (template != null) {
                List<Family> withTemplate = new ArrayList<>();
                withTemplate.add(new TemplateFamily(template));
                withTemplate.addAll(FamilyTable.families());
                families = new Recognizers(withTemplate);
            }
            Config cfg = new Config(tools, limits, searchReasoning, runUnclosedReasoning, startsInReasoning,
                    promptTail, formats, marker, tags);
            return new ToolCallExtractor(new ScanTable(cfg, families), ending);
        }
    }
}
