package dev.calltype.langchain4j;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.util.ArrayList;
import java.util.List;

/** Plain LangChain4j tools (no Calltype toolkit), keeping every call they get. */
public final class WeatherDesk {

    final List<String> calls = new ArrayList<>();

    @Tool(name = "get_weather", value = "Weather for a city")
    public String getWeather(@P(name = "city", value = "the city") String city,
                             @P(name = "days", value = "how many days") int days) {
        calls.add(city + "/" + days);
        return "Sunny in " + city + " for " + days + " days";
    }
}
