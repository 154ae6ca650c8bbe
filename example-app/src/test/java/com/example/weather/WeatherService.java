package com.example.weather;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;

public class WeatherService {

    public enum Units { CELSIUS, FAHRENHEIT }

    public record Weather(String city, double temperature, Units units) {}

    /**
     * Current weather for a city.
     *
     * @param city the city's name, e.g. "Paris"
     * @param units the temperature scale
     */
    @Tool
    public Weather getWeather(String city, @Param(defaultValue = "\"CELSIUS\"") Units units) {
        return new Weather(city, units == Units.CELSIUS ? 21.5 : 70.7, units);
    }
}
