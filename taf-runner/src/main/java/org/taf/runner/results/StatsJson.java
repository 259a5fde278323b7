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
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.PairedTest;

/**
 * How results.json stores the stats stage's own verdict types ({@link MetricVerdict}; {@code CounterChange}
 * needs nothing): the annotations live here as Jackson mixins, so that {@code stats} stays free of any format
 * and results.json keeps its format 2 shape.
 */
final class StatsJson {
    private StatsJson() {}

    /** {@code mapper} with the mixins registered. */
    static ObjectMapper register(ObjectMapper mapper) {
        return mapper.addMixIn(MetricVerdict.class, MetricVerdictJson.class);
    }

    /**
     * A metric as format 2 stores it. The equivalence interval is the verdict rule's working interval and
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
