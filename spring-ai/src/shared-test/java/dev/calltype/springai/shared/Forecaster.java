package dev.calltype.springai.shared;

import dev.calltype.annotations.Tool;
import java.util.ArrayList;
import java.util.List;

/** A weather tool that keeps every call it runs, for the tests both Spring AI lines run. */
public class Forecaster {

    /** The calls run, as city/days. */
    public final List<String> calls = new ArrayList<>();

    /**
     * The weather for a city.
     *
     * @param city the city's name
     * @param days how many days ahead
     * @return the forecast
     */
    @Tool(name = "get_weather")
    public String getWeather(String city, int days) {
        calls.add(city + "/" + days);
        return "Sunny in " + city + " for " + days + " days";
    }
}
