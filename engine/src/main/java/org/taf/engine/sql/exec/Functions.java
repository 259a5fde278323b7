package org.taf.engine.sql.exec;

import java.util.List;
import java.util.Locale;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;

/**
 * The scalar functions clients send at connect time or in simple queries: DATABASE(), VERSION(),
 * USER(), CONNECTION_ID(), LAST_INSERT_ID(), CONCAT, IFNULL, COALESCE, LOWER, UPPER, LENGTH,
 * CHAR_LENGTH, ABS; and those HammerDB's TPROC-C statements use: IF, STR_TO_DATE, NOW() and its
 * synonyms, CURDATE(). Any other name is MariaDB's error 1305.
 */
final class Functions {
    private Functions() {}

    static Eval compile(ExprCompiler compiler, Session session, Expr.Call c) {
        if (c.star() || c.distinct()) {
            throw new SqlException(
                    org.taf.engine.api.ErrorCode.PARSE_ERROR,
                    "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server"
                            + " version for the right syntax to use near '"
                            + (c.star() ? "*" : "DISTINCT") + ")' at line 1");
        }
        List<Expr> args = c.args();
        Eval[] a = args.stream().map(compiler::compile).toArray(Eval[]::new);
        switch (c.function()) {
            case "DATABASE", "SCHEMA" -> {
                count(c, 0);
                return (row, params) -> session.database();
            }
            case "VERSION" -> {
                count(c, 0);
                return (row, params) -> session.engine().config().version();
            }
            case "USER", "CURRENT_USER", "SESSION_USER", "SYSTEM_USER" -> {
                count(c, 0);
                return (row, params) -> session.context().user() + "@" + session.context().host();
            }
            case "CONNECTION_ID" -> {
                count(c, 0);
                return (row, params) -> session.context().connectionId();
            }
            case "LAST_INSERT_ID" -> {
                count(c, 0);
                return (row, params) -> session.lastInsertId();
            }
            case "CONCAT" -> {
                if (a.length == 0) {
                    count(c, 1);
                }
                return (row, params) -> {
                    StringBuilder b = new StringBuilder();
                    for (Eval e : a) {
                        Object v = e.eval(row, params);
                        if (v == null) {
                            return null;
                        }
                        b.append(Values.toText(v));
                    }
                    return b.toString();
                };
            }
            case "IFNULL", "COALESCE" -> {
                if (c.function().equals("IFNULL")) {
                    count(c, 2);
                } else if (a.length == 0) {
                    count(c, 1);
                }
                return (row, params) -> {
                    for (Eval e : a) {
                        Object v = e.eval(row, params);
                        if (v != null) {
                            return v;
                        }
                    }
                    return null;
                };
            }
            case "LOWER", "LCASE", "UPPER", "UCASE" -> {
                count(c, 1);
                boolean upper = c.function().startsWith("U");
                return (row, params) -> {
                    Object v = a[0].eval(row, params);
                    if (v == null) {
                        return null;
                    }
                    String s = Values.toText(v);
                    return upper ? s.toUpperCase(Locale.ROOT) : s.toLowerCase(Locale.ROOT);
                };
            }
            case "LENGTH", "OCTET_LENGTH", "CHAR_LENGTH", "CHARACTER_LENGTH" -> {
                count(c, 1);
                boolean bytes = c.function().equals("LENGTH") || c.function().equals("OCTET_LENGTH");
                return (row, params) -> {
                    Object v = a[0].eval(row, params);
                    if (v == null) {
                        return null;
                    }
                    String s = Values.toText(v);
                    return (long) (bytes ? s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                            : s.codePointCount(0, s.length()));
                };
            }
            case "ABS" -> {
                count(c, 1);
                return (row, params) -> {
                    Object v = a[0].eval(row, params);
                    if (v == null) {
                        return null;
                    }
                    Object n = Values.toNumber(v);
                    return Values.compare(n, 0L) < 0 ? Arithmetic.negate(n) : n;
                };
            }
            case "IF" -> {
                count(c, 3);
                return (row, params) -> Boolean.TRUE.equals(Values.truth(a[0].eval(row, params)))
                        ? a[1].eval(row, params) : a[2].eval(row, params);
            }
            case "STR_TO_DATE" -> {
                count(c, 2);
                boolean time = DateFormats.readsTime(c); // the type sent at prepare time: DATE or DATETIME
                return (row, params) -> {
                    Object v = a[0].eval(row, params);
                    Object f = a[1].eval(row, params);
                    return v == null || f == null ? null : DateFormats.parse(Values.toText(v), Values.toText(f), time);
                };
            }
            case "NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE" -> {
                int fsp = fractionDigits(c);
                return (row, params) -> org.taf.engine.api.Datetimes.now(fsp);
            }
            case "CURDATE", "CURRENT_DATE" -> {
                count(c, 0);
                return (row, params) -> org.taf.engine.api.Datetimes.now(0).substring(0, 10);
            }
            case "DEFAULT" -> throw SqlException.notSupported("DEFAULT outside INSERT and UPDATE values");
            default -> {
                String db = session.database() == null ? "" : session.database() + ".";
                throw new SqlException(SqlException.SP_DOES_NOT_EXIST, "42000",
                        "FUNCTION " + db + c.name().toLowerCase(Locale.ROOT) + " does not exist");
            }
        }
    }

    /** NOW(fsp): the fraction digits, a constant from 0 to 6. */
    private static int fractionDigits(Expr.Call c) {
        if (c.args().isEmpty()) {
            return 0;
        }
        if (c.args().size() == 1 && c.args().get(0) instanceof Expr.Literal lit && lit.value() instanceof Long n
                && n >= 0 && n <= 6) {
            return n.intValue();
        }
        throw new SqlException(1426, "42000", "Too big precision specified for '" + c.function()
                + "'. Maximum is 6");
    }

    /** The result type of a known function. */
    static SqlType type(String name) {
        return switch (name) {
            case "CONNECTION_ID", "LAST_INSERT_ID", "LENGTH", "OCTET_LENGTH", "CHAR_LENGTH", "CHARACTER_LENGTH" ->
                    SqlType.BIGINT;
            case "NOW", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "SYSDATE", "STR_TO_DATE" ->
                    SqlType.DATETIME;
            case "CURDATE", "CURRENT_DATE" -> SqlType.DATE;
            default -> SqlType.VARCHAR;
        };
    }

    private static void count(Expr.Call c, int expected) {
        if (c.args().size() != expected) {
            throw new SqlException(1582, "42000",
                    "Incorrect parameter count in the call to native function '" + c.function() + "'");
        }
    }
}
