package dev.calltype.runtime.internal.json;

import dev.calltype.runtime.ExtractionLimits;
import dev.calltype.runtime.Repair;
import dev.calltype.runtime.testing.FuzzText;
import dev.calltype.testsupport.JsonTrees;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Objects;

/**
 * Fuzz target for the lenient JSON reader. Input: a selector byte (bit 0: small limits; bit 1: the Gemma raw quote;
 * the rest: where the prefix cuts fall), then the text.
 */
class LenientJsonFuzzTest {

    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonParser.Feature.ALLOW_COMMENTS)
            .build();

    /**
     * The reader never throws; its result is well formed (a value exactly when complete, offsets within the text);
     * reading any prefix as unfinished text gives NEED_MORE or exactly the whole text's result (prefix stability,
     * what streaming relies on); and text that strict JSON reads is read to the same value.
     */
    @FuzzTest(maxDuration = "10m")
    void readsLikeJsonAndIsPrefixStable(byte[] data) {
        String text = FuzzText.text(data);
        int selector = FuzzText.selector(data);
        ExtractionLimits limits = (selector & 1) != 0 ? FuzzText.SMALL_LIMITS : ExtractionLimits.DEFAULTS;
        String rawQuote = (selector & 2) != 0 ? "<|\"|>" : null;
        JsonRead whole = LenientJson.read(text, 0, text.length(), true, limits, rawQuote);
        FuzzText.check(shapeProblem(whole, text.length()), text);
        int step = Math.max(1, text.length() / 24);
        for (int cut = (selector >>> 2) % step; cut <= text.length(); cut += step) {
            JsonRead part = LenientJson.read(text, 0, cut, false, limits, rawQuote);
            if (part.status() == JsonRead.Status.NEED_MORE) {
                continue;
            }
            FuzzText.check(sameRead(whole, part, cut), text);
        }
        if (rawQuote == null && limits == ExtractionLimits.DEFAULTS) {
            FuzzText.check(agreesWithStrictJson(text, whole), text);
        }
    }

    static String shapeProblem(JsonRead r, int limit) {
        if (r.status() == JsonRead.Status.NEED_MORE) {
            return "NEED_MORE at the end of the text";
        }
        if ((r.value() != null) != r.isComplete()) {
            return "a value exactly when complete: " + r;
        }
        if (r.end() < 0 || r.end() > limit) {
            return "end " + r.end() + " outside [0, " + limit + "]";
        }
        if (!r.isComplete() && (r.problem() == null || r.problem().isBlank())) {
            return "a failed read without a problem: " + r.status();
        }
        if (!r.isComplete() && (r.problemOffset() < 0 || r.problemOffset() > limit)) {
            return "problem offset " + r.problemOffset() + " outside the text";
        }
        if (r.isComplete() && !r.autoClosed().isEmpty() && !r.repairs().contains(Repair.MISSING_CLOSING_BRACKETS)) {
            return "containers closed without the MISSING_CLOSING_BRACKETS repair";
        }
        return null;
    }

    private static String sameRead(JsonRead whole, JsonRead part, int cut) {
        if (part.status() != whole.status() || part.end() != whole.end()
                || !Objects.equals(part.value(), whole.value()) || !part.repairs().equals(whole.repairs())
                || !Objects.equals(part.problem(), whole.problem()) || part.problemOffset() != whole.problemOffset()) {
            return "reading the prefix of " + cut + " chars decided " + part.status() + " " + part.value() + " end "
                    + part.end() + " " + part.problem() + " but the whole text gives " + whole.status() + " "
                    + whole.value() + " end " + whole.end() + " " + whole.problem();
        }
        return null;
    }

    /** Text that strict JSON reads as one value is read completely, to the same value. */
    private static String agreesWithStrictJson(String text, JsonRead lenient) {
        JsonNode strict;
        try {
            strict = STRICT.readTree(text);
        } catch (Exception | StackOverflowError e) {
            return null;
        }
        if (strict == null || strict.isMissingNode()) {
            return null;
        }
        if (lenient.status() == JsonRead.Status.LIMIT_EXCEEDED) {
            return null;
        }
        if (lenient.status() == JsonRead.Status.MALFORMED && lenient.problem().startsWith("number out of range")) {
            // By design: an exponent beyond what BigDecimal holds is refused, where strict JSON rounds to 0 or ∞.
            return null;
        }
        if (!lenient.isComplete()) {
            return "strict JSON reads " + strict + " but the lenient reader says " + lenient.status() + ": "
                    + lenient.problem();
        }
        if (!JsonTrees.sameByDouble(strict, lenient.value())) {
            return "strict JSON reads " + strict + " but the lenient reader " + lenient.value();
        }
        return null;
    }
}
