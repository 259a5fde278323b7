package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.ClassicVerdict;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.MinimalDetectableEffect;
import org.taf.runner.stats.PairedTest;
import org.taf.runner.stats.VarianceComponents;

/**
 * How results.json stores the stats stage's own verdict types, a cell's {@link CellVerdict} and what it holds:
 * the annotations live here as Jackson mixins, so that {@code stats} stays free of any format. JSON has no NaN:
 * a number the stats types leave NaN (not computable, or not recorded by an older format) is stored as null and
 * read back as NaN. {@code CellVerdict}, {@code CounterChange} and {@code ExcludedIteration} need nothing else.
 */
final class StatsJson {
    private StatsJson() {}

    /** {@code mapper} with the mixins registered. */
    static ObjectMapper register(ObjectMapper mapper) {
        return mapper.addMixIn(MetricVerdict.class, MetricVerdictJson.class)
                .addMixIn(ClassicVerdict.class, ClassicVerdictJson.class)
                .addMixIn(MinimalDetectableEffect.class, MinimalDetectableEffectJson.class)
                .addMixIn(VarianceComponents.class, VarianceComponentsJson.class);
    }

    /**
     * A metric as formats 2 and later store it. The equivalence interval is the verdict rule's working interval and
     * is not stored (its bounds are in the reason when it decided SAME): a metric read back has none. JSON
     * has no NaN, so an SD of fewer than 2 pairs is stored as null.
     */
    abstract static class MetricVerdictJson {
        @JsonIgnore
        abstract PairedTest.Interval equivalence();

        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double sdLog();
    }

    /** The classic verdict: its medians, ratio and change are NaN in a file that kept the outcome alone. */
    abstract static class ClassicVerdictJson {
        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double parentMedianTps();

        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double patchMedianTps();

        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double ratio();

        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double changePct();
    }

    /** The MDE: its noise is NaN below 2 pairs. */
    abstract static class MinimalDetectableEffectJson {
        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double sigma();
    }

    /** The variance components: the raw between-start estimate is NaN where only its truncation was kept. */
    abstract static class VarianceComponentsJson {
        @JsonSerialize(using = NanAsNull.class)
        @JsonDeserialize(using = NullAsNan.class)
        abstract double betweenVarianceRaw();
    }

    /** Writes NaN as null. */
    static final class NanAsNull extends JsonSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (value == null || value.isNaN()) {
                gen.writeNull();
            } else {
                gen.writeNumber(value);
            }
        }
    }

    /** Reads null (and an absent value) as NaN. */
    static final class NullAsNan extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return p.getDoubleValue();
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.NaN;
        }
    }
}
