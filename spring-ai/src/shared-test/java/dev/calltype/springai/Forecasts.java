package dev.calltype.springai;

import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;

/** The application's own Spring AI tool in docs/spring-ai.md, "Repairing the model's replies". */
public class Forecasts {

    @Tool(name = "get_weather", description = "Weather for a city")
    public String getWeather(@ToolParam(description = "the city") String city,
                             @ToolParam(description = "how many days") int days) {
        return "Sunny in " + city + " for " + days + " days";
    }
}
