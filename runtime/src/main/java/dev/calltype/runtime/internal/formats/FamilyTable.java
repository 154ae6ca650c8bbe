package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * Which model family reads each {@link WireFormat}: the one table that ties the API's names to the engine's family
 * files. Adding a family is its file and its line here (and a {@code WireFormat} constant to name it); the switch
 * has no default, so a new constant does not compile until this table says who reads it.
 */
public final class FamilyTable {

    private FamilyTable() {
    }

    /**
     * A new instance of the family whose own markers introduce {@code format}, or {@code null} when the markup of
     * another family (GLM and Step-Audio 2 inside Hermes' {@code <tool_call>}) or a generic recognizer (fences, JSON
     * in prose, pythonic lines) reads it. Seed-OSS is named at {@code QWEN3_CODER}, the format it writes under its
     * own tag, and Poolside Laguna at {@code GLM}, for the GLM calls it writes in {@code <user>}.
     */
    static Family familyOf(WireFormat format) {
        return switch (format) {
            case TOOL_CALL_MARKER -> new CustomMarkers();
            case HERMES -> new Hermes();
            case QWEN3_CODER -> new SeedOss();
            case GLM -> new Poolside();
            case MINIMAX -> new MiniMax();
            case MISTRAL -> new Mistral();
            case LLAMA_PYTHON_TAG -> new Llama3();
            case LLAMA4 -> new Llama4();
            case OLMO3 -> new Olmo3();
            case LFM2 -> new Lfm2();
            case GRANITE -> new Granite();
            case NEMOTRON -> new Nemotron();
            case TOOL_CALLS_TAG -> new Hunyuan();
            case FUNCTOOLS -> new Phi4();
            case INTERNLM -> new InternLM();
            case DEEPSEEK_V3 -> new DeepSeek();
            case KIMI_K2 -> new KimiK2();
            case HARMONY -> new Harmony();
            case COMMAND_R7B -> new CommandR();
            case GEMMA4 -> new Gemma();
            case APERTUS -> new Apertus();
            case SOLAR_OPEN -> new SolarOpen();
            case DOTS -> new Dots();
            case STEP3 -> new Step3();
            case ATEM -> new MuseGlimmer();
            case KIMI_K3 -> new KimiK3();
            case MINICPM5 -> new MiniCpm5();
            case PLAMO3 -> new Plamo();
            case GIGACHAT3 -> new GigaChat3();
            case LONGCAT -> new LongCat();
            case INKLING -> new Inkling();
            case MINIMAX_M3 -> new MinimaxM3();
            case CWM -> new Cwm();
            case PANGU -> new Pangu();
            case HYPERCLOVAX -> new HyperClovaX();
            case FUNCTIONARY_V32 -> new Functionary();
            case BRACKET_TAGS, JSON_FENCE, EMBEDDED_JSON, LLAMA_FUNCTION_TAG, GRANITE_20B, DEEPSEEK_V31,
                    DEEPSEEK_DSML, COMMAND_R, FUNCTION_GEMMA, HUNYUAN, STEP_AUDIO2, PYTHONIC, NATIVE -> null;
        };
    }

    /**
     * Every format's family, in the formats' order (which matters only where two register the same marker): the
     * families every extractor is given.
     */
    public static List<Family> families() {
        List<Family> out = new ArrayList<>();
        for (WireFormat format : WireFormat.values()) {
            Family family = familyOf(format);
            if (family != null) {
                out.add(family);
            }
        }
        return out;
    }
}
