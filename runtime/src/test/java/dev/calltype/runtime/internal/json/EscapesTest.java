package dev.calltype.runtime.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EscapesTest {

    @Test
    void controlLetterQuotesAndBackslashAreTheEscapesJsonAndPythonShare() {
        assertThat(Escapes.simple('n')).isEqualTo('\n');
        assertThat(Escapes.simple('t')).isEqualTo('\t');
        assertThat(Escapes.simple('"')).isEqualTo('"');
        assertThat(Escapes.simple('\'')).isEqualTo('\'');
        assertThat(Escapes.simple('\\')).isEqualTo('\\');
        assertThat(Escapes.simple('/')).isEqualTo(-1); // JSON only
        assertThat(Escapes.simple('a')).isEqualTo(-1); // Python only
        assertThat(Escapes.simple('u')).isEqualTo(-1);
    }

    @Test
    void hexDigitsAreReadUpToTheirCount() {
        assertThat(Escapes.hex("\\u00e9rest", 2, 4, 10)).isEqualTo(0xe9);
        assertThat(Escapes.hex("00C9", 0, 4, 4)).isEqualTo(0xc9);
        assertThat(Escapes.hex("FFFFFFFF", 0, 8, 8)).isEqualTo(0xFFFFFFFFL);
    }

    @Test
    void aNonHexCharacterBeforeTheTextEndsIsNotAnEscapeButTheEndFirstIsTruncation() {
        assertThat(Escapes.hex("12G", 0, 4, 3)).isEqualTo(Escapes.NOT_HEX);
        assertThat(Escapes.hex("12", 0, 4, 2)).isEqualTo(Escapes.ENDS);
        assertThat(Escapes.hex("１２３４", 0, 4, 4)).isEqualTo(Escapes.NOT_HEX); // full-width digits are not hex
    }
}
