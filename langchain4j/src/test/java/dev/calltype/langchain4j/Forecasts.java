package dev.calltype.langchain4j;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;

/** The application's own LangChain4j tool in docs/langchain4j.md, "Repairing the model's replies". */
public class Forecasts {

    @Tool(name = "get_weather", value = "Weather for a city")
    public String getWeather(@P(name = "city", value = "the city") String city,
                             @P(name = "days", value = "how many days") int days) {
        return "Sunny in " + city + " for " + days + " days";
    }
}
