package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Which family reads each wire format: the one line a family adds ({@code table.put(WireFormat.PANGU, Pangu::new)}).
 * A format without a line is read by the markup of another family (GLM and Step-Audio 2 inside Hermes'
 * {@code <tool_call>}) or by a generic recognizer (fences, JSON in prose, pythonic lines); fences have a line for
 * RWKV's label before one. Seed-OSS is the family
 * of {@code QWEN3_CODER}, the format it writes under its own tag, and Poolside Laguna of {@code GLM}, for the GLM
 * calls it writes in {@code <user>}.
 *
 * <p>The table lives in the engine so that {@link WireFormat}, an API type, names no family.
 */
public final class FamilyTable {

    private static final Map<WireFormat, Supplier<Family>> FAMILIES = table();

    private FamilyTable() {
    }

    private static Map<WireFormat, Supplier<Family>> table() {
        Map<WireFormat, Supplier<Family>> table = new EnumMap<>(WireFormat.class);
        table.put(WireFormat.TOOL_CALL_MARKER, CustomMarkers::new);
        table.put(WireFormat.HERMES, Hermes::new);
        table.put(WireFormat.QWEN3_CODER, SeedOss::new);
        table.put(WireFormat.GLM, Poolside::new);
        table.put(WireFormat.MINIMAX, MiniMax::new);
        table.put(WireFormat.MISTRAL, Mistral::new);
        table.put(WireFormat.LLAMA_PYTHON_TAG, Llama3::new);
        table.put(WireFormat.LLAMA4, Llama4::new);
        table.put(WireFormat.OLMO3, Olmo3::new);
        table.put(WireFormat.LFM2, Lfm2::new);
        table.put(WireFormat.GRANITE, Granite::new);
        table.put(WireFormat.NEMOTRON, Nemotron::new);
        table.put(WireFormat.TOOL_CALLS_TAG, Hunyuan::new);
        table.put(WireFormat.FUNCTOOLS, Phi4::new);
        table.put(WireFormat.INTERNLM, InternLM::new);
        table.put(WireFormat.DEEPSEEK_V3, DeepSeek::new);
        table.put(WireFormat.KIMI_K2, KimiK2::new);
        table.put(WireFormat.HARMONY, Harmony::new);
        table.put(WireFormat.COMMAND_R7B, CommandR::new);
        table.put(WireFormat.GEMMA4, Gemma::new);
        table.put(WireFormat.APERTUS, Apertus::new);
        table.put(WireFormat.SOLAR_OPEN, SolarOpen::new);
        table.put(WireFormat.DOTS, Dots::new);
        table.put(WireFormat.STEP3, Step3::new);
        table.put(WireFormat.ATEM, MuseGlimmer::new);
        table.put(WireFormat.KIMI_K3, KimiK3::new);
        table.put(WireFormat.MINICPM5, MiniCpm5::new);
        table.put(WireFormat.PLAMO3, Plamo::new);
        table.put(WireFormat.GIGACHAT3, GigaChat3::new);
        table.put(WireFormat.LONGCAT, LongCat::new);
        table.put(WireFormat.INKLING, Inkling::new);
        table.put(WireFormat.MINIMAX_M3, MinimaxM3::new);
        table.put(WireFormat.CWM, Cwm::new);
        table.put(WireFormat.PANGU, Pangu::new);
        table.put(WireFormat.HYPERCLOVAX, HyperClovaX::new);
        table.put(WireFormat.K2_HORIZON, K2Horizon::new);
        table.put(WireFormat.IQUEST_CODER, IQuestCoder::new);
        table.put(WireFormat.GIGACHAT35, GigaChat35::new);
        table.put(WireFormat.FUNCTIONARY_V32, Functionary::new);
        table.put(WireFormat.FUNCTION_CALLS_XML, FunctionCallsXml::new);
        table.put(WireFormat.REACT, React::new);
        table.put(WireFormat.QWEN_AGENT, React::qwenAgent);
        table.put(WireFormat.JSON_FENCE, Rwkv::new);
        return table;
    }

    /**
     * A new instance of every family, in the order of the formats they read (which matters only where two register
     * the same marker).
     */
    public static List<Family> families() {
        List<Family> out = new ArrayList<>(FAMILIES.size());
        for (Supplier<Family> family : FAMILIES.values()) {
            out.add(family.get());
        }
        return out;
    }
}
