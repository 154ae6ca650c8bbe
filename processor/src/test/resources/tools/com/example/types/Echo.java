package com.example.types;

import dev.calltype.annotations.Param;
import dev.calltype.annotations.Tool;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Tools that give back what they receive, one per supported type. */
@SuppressWarnings("calltype")
public class Echo {

    public static final class Opaque {
        private final String name;

        public Opaque(String name) {
            this.name = name;
        }

        public String getName() {
            return name;
        }

        public int getLength() {
            return name.length();
        }
    }

    @Tool public String text(String value) { return value; }
    @Tool public char letter(char value) { return value; }
    @Tool public boolean flag(boolean value) { return value; }
    @Tool public byte tiny(byte value) { return value; }
    @Tool public short small(short value) { return value; }
    @Tool public int number(int value) { return value; }
    @Tool public long big(long value) { return value; }
    @Tool public float single(float value) { return value; }
    @Tool public double real(double value) { return value; }
    @Tool public Integer boxed(Integer value) { return value; }
    @Tool public BigDecimal decimal(BigDecimal value) { return value; }
    @Tool public BigInteger huge(BigInteger value) { return value; }
    @Tool public Color color(Color value) { return value; }
    @Tool public UUID id(UUID value) { return value; }
    @Tool public URI link(URI value) { return value; }
    @Tool public LocalDate day(LocalDate value) { return value; }
    @Tool public LocalDateTime moment(LocalDateTime value) { return value; }
    @Tool public OffsetDateTime stamp(OffsetDateTime value) { return value; }
    @Tool public Instant instant(Instant value) { return value; }
    @Tool public Duration span(Duration value) { return value; }
    @Tool public List<Integer> numbers(List<Integer> values) { return values; }
    @Tool public Set<Color> colors(Set<Color> values) { return values; }
    @Tool public Collection<String> words(Collection<String> values) { return values; }
    @Tool public int[] ints(int[] values) { return values; }
    @Tool public String[] strings(String[] values) { return values; }
    @Tool public int[][] grid(int[][] values) { return values; }
    @Tool public Map<String, Integer> counts(Map<String, Integer> values) { return values; }
    @Tool public Optional<String> maybe(Optional<String> value) { return value; }
    @Tool public Point point(Point value) { return value; }
    @Tool public Shape shape(Shape value) { return value; }
    @Tool public Tree tree(Tree value) { return value; }
    @Tool public Map<String, List<Point>> routes(Map<String, List<Point>> value) { return value; }

    @Tool
    public String defaults(@Param(defaultValue = "7") int n, @Param(defaultValue = "[\"a\",\"b\"]") List<String> tags,
                           @Param(defaultValue = "{\"x\":1,\"y\":2}") Point at) {
        return n + " " + tags + " " + at;
    }

    @Tool
    public String constrained(@Min(1) @Max(10) int n, @Size(max = 3) List<String> items, @Email String email,
                              @NotEmpty String name) {
        return "ok";
    }

    @Tool public String pair(String first, int second) { return first + second; }
    @Tool public String named(@Param(name = "full_name") String fullName) { return fullName; }
    @Tool public int optionalNumber(@Param(required = false) int n) { return n; }
    @Tool public void nothing() { }
    @Tool public Opaque opaque(String name) { return new Opaque(name); }
    @Tool public String fails(String why) throws IOException { throw new IOException(why); }
    @Tool public String npe() { throw new NullPointerException(); }
    @Tool public static String shout(String s) { return s.toUpperCase(); }
}
