package dev.calltype.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.testing.compile.JavaFileObjects;
import dev.calltype.runtime.ToolCall;
import dev.calltype.runtime.ToolResult;
import dev.calltype.runtime.Toolkit;
import org.junit.jupiter.api.Test;

class FirstToolkitTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void stringAndIntToolGeneratesAndDispatches() throws Exception {
        Compiled c = Compiled.of(JavaFileObjects.forSourceString("com.example.Weather", """
                package com.example;

                import dev.calltype.annotations.Tool;

                public class Weather {
                    /** Current weather for a city. */
                    @Tool
                    public String getWeather(String city, int days) {
                        return city + " for " + days + " days: sunny";
                    }
                }
                """));
        Toolkit tk = c.toolkit("com.example.WeatherTools", "com.example.Weather");
        ToolResult r = tk.dispatch(ToolCall.of("get_weather", (ObjectNode) JSON.readTree("{\"city\":\"Paris\",\"days\":\"3\"}")));
        assertThat(r.isError()).as(r.content()).isFalse();
        assertThat(r.content()).isEqualTo("Paris for 3 days: sunny");
        assertThat(tk.tools().get(0).name()).isEqualTo("get_weather");
    }
}
