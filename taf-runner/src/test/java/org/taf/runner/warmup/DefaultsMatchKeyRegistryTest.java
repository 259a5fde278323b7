package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Key;
import org.taf.runner.config.Keys;
import org.taf.runner.config.ValueContext;

/** The options' DEFAULTS are the key registry's: one set of numbers, whichever way the options are made. */
class DefaultsMatchKeyRegistryTest {
    private static <T> T dflt(Key<T> key) throws Exception {
        return key.type().parse(key.defaultValue(), new ValueContext(Path.of("."), Path.of(".")));
    }

    @Test
    void rest() throws Exception {
        RestOptions d = RestOptions.DEFAULTS;
        assertThat(d).isEqualTo(new RestOptions(dflt(Keys.REST_ENABLED), dflt(Keys.REST_LOW_PCT),
                dflt(Keys.REST_HIGH_PCT), dflt(Keys.REST_CONSECUTIVE), dflt(Keys.REST_MAX_ATTEMPTS),
                dflt(Keys.REST_INTERVAL)));
    }

    @Test
    void warmup() throws Exception {
        SettleOptions d = SettleOptions.DEFAULTS;
        assertThat(d).isEqualTo(new SettleOptions(dflt(Keys.WARMUP_WINDOW), d.interval(), dflt(Keys.WARMUP_MAX_CV_PCT),
                dflt(Keys.WARMUP_MAX_SLOPE_PCT), dflt(Keys.WARMUP_MIN), dflt(Keys.WARMUP_MAX)));
    }
}
