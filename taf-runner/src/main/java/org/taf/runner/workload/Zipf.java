package org.taf.runner.workload;

/**
 * Zipf sampling over [1, n] with exponent 0.8 by rejection-inversion (W. Hörmann and G. Derflinger,
 * "Rejection-inversion to generate variates from monotone discrete distributions", ACM TOMACS 6(3), 1996),
 * the method sysbench 1.1 uses. H is the integral of the hat h(x) = x^-e, written so that e = 1 also works.
 */
final class Zipf {
    /** rand-zipfian-exp. */
    static final double EXPONENT = 0.8;

    private static final double H_INTEGRAL_X1 = hIntegral(1.5) - 1;
    private static final double S = 2 - hIntegralInverse(hIntegral(2.5) - h(2));

    private Zipf() {}

    /** One draw in [1, n]. */
    static long sample(RandomSource r, long n) {
        double hIntegralN = hIntegral(n + 0.5);
        while (true) {
            // u is uniform in (H(1.5) - 1, H(n + 0.5)]; inverting H gives a continuous candidate x.
            double u = hIntegralN + r.nextDouble() * (H_INTEGRAL_X1 - hIntegralN);
            double x = hIntegralInverse(u);
            long k = (long) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            // Accept when k is close enough to x (cheap test) or u lies under the hat of k.
            if (k - x <= S || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    /** H(x) = (x^(1-e) - 1) / (1 - e), computed stably through log. */
    private static double hIntegral(double x) {
        double logX = Math.log(x);
        return expm1OverX((1 - EXPONENT) * logX) * logX;
    }

    private static double h(double x) {
        return Math.exp(-EXPONENT * Math.log(x));
    }

    private static double hIntegralInverse(double x) {
        double t = Math.max(x * (1 - EXPONENT), -1); // rounding can push t below -1
        return Math.exp(log1pOverX(t) * x);
    }

    /** log(1 + x) / x, with its Taylor series near 0. */
    private static double log1pOverX(double x) {
        if (Math.abs(x) > 1e-8) {
            return Math.log1p(x) / x;
        }
        return 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    /** (exp(x) - 1) / x, with its Taylor series near 0. */
    private static double expm1OverX(double x) {
        if (Math.abs(x) > 1e-8) {
            return Math.expm1(x) / x;
        }
        return 1 + x * 0.5 * (1 + x * (1.0 / 3) * (1 + 0.25 * x));
    }
}
