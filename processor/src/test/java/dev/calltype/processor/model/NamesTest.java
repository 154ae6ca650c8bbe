package dev.calltype.processor.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void methodNamesBecomeSnakeCase() {
        assertThat(Names.snakeCase("getWeather")).isEqualTo("get_weather");
        assertThat(Names.snakeCase("getHTTPStatus")).isEqualTo("get_http_status");
        assertThat(Names.snakeCase("top10Items")).isEqualTo("top10_items");
        assertThat(Names.snakeCase("now")).isEqualTo("now");
        assertThat(Names.snakeCase("URL")).isEqualTo("url");
        assertThat(Names.snakeCase("already_snake")).isEqualTo("already_snake");
        assertThat(Names.snakeCase("BankTransfer")).isEqualTo("bank_transfer");
    }

    @Test
    void toolNamesBecomeRecordNames() {
        assertThat(Names.upperCamel("get_weather")).isEqualTo("GetWeather");
        assertThat(Names.upperCamel("search-items")).isEqualTo("SearchItems");
        assertThat(Names.upperCamel("3d_print")).isEqualTo("Tool3dPrint");
    }

    @Test
    void providerToolNameRules() {
        assertThat(Names.isValidToolName("get_weather-2")).isTrue();
        assertThat(Names.isValidToolName("get weather")).isFalse();
        assertThat(Names.isValidToolName("get.weather")).isFalse();
        assertThat(Names.isValidToolName("")).isFalse();
        assertThat(Names.isValidToolName("a".repeat(64))).isTrue();
        assertThat(Names.isValidToolName("a".repeat(65))).isFalse();
        assertThat(Names.isValidToolName("émoji")).isFalse();
        assertThat(Names.suggestToolName("get weather")).isEqualTo("get_weather");
    }
}
