package com.example.answers;

import dev.calltype.annotations.Answer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * A train's timetable entry: every java.time type an answer can hold.
 *
 * @param day the day it runs
 * @param departs when it leaves, local time
 * @param boarding when boarding starts, local date and time
 * @param announced when it was announced, with offset
 * @param closes when the gate closes, with offset
 * @param arrives when it arrives, in the destination's zone
 * @param recorded when the entry was recorded
 * @param journey how long the journey takes
 * @param validity how long the ticket stays valid
 * @param season the timetable's year
 * @param month the month of the timetable
 * @param anniversary the line's anniversary
 * @param zone the departure's time zone
 * @param offset the destination's offset from UTC
 * @param stops the times it stops
 */
@Answer
public record Timetable(LocalDate day, LocalTime departs, LocalDateTime boarding, OffsetDateTime announced,
                        OffsetTime closes, ZonedDateTime arrives, Instant recorded, Duration journey, Period validity,
                        Year season, YearMonth month, MonthDay anniversary, ZoneId zone, ZoneOffset offset,
                        List<LocalTime> stops) {
}
