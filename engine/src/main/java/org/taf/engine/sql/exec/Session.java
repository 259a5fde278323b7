package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.Transaction;
import org.taf.engine.config.Variables;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.parse.ParsedSql;
import org.taf.engine.sql.parse.Parser;

/**
 * One client's SQL session: current database, transaction, autocommit and variables. Statements
 * run in autocommit mode, each in its own transaction, unless BEGIN (or {@code autocommit=0})
 * opened one; a transaction is begun lazily, at its first row access, as InnoDB does. A deadlock
 * (1213) rolls the whole transaction back and ends it; any other error inside a transaction
 * (a lock wait timeout 1205, a duplicate key in the third row of an INSERT) rolls back only the
 * failed statement, as InnoDB does: the transaction stays open with the changes of the statements
 * before. Not thread-safe: a session belongs to its connection's thread.
 */
public final class Session implements AutoCloseable {
    private final Engine engine;
    private final SessionContext context;
    private final Map<String, Object> sessionVariables = new HashMap<>();
    private final Map<String, Object> userVariables = new HashMap<>();
    private String database;
    private Transaction txn;
    private boolean explicit;
    private boolean autocommit = true;
    private boolean foundRows;
    private long lastInsertId;

    public Session(Engine engine, SessionContext context) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.context = Objects.requireNonNull(context, "context");
    }

    public Engine engine() {
        return engine;
    }

    public SessionContext context() {
        return context;
    }

    /** The current database, or null. */
    public String database() {
        return database;
    }

    /** Makes {@code name} the current database (USE, COM_INIT_DB); error 1049 if it does not exist. */
    public void useDatabase(String name) {
        if (!engine.databaseExists(name)) {
            throw new SqlException(ErrorCode.BAD_DB, "Unknown database '" + name + "'");
        }
        database = name;
    }

    void clearDatabase() {
        database = null;
    }

    /** Whether a transaction is open (SERVER_STATUS_IN_TRANS). */
    public boolean inTransaction() {
        return explicit || txn != null;
    }

    /** Whether autocommit is on (SERVER_STATUS_AUTOCOMMIT). */
    public boolean autocommit() {
        return autocommit;
    }

    /** CLIENT_FOUND_ROWS: UPDATE reports matched rather than changed rows. */
    public void foundRows(boolean on) {
        this.foundRows = on;
    }

    boolean foundRows() {
        return foundRows;
    }

    long lastInsertId() {
        return lastInsertId;
    }

    void lastInsertId(long id) {
        lastInsertId = id;
    }

    /**
     * Parses and plans one statement for repeated execution.
     *
     * @throws SqlException for a syntax error, several statements, or an unknown table or column
     */
    public PreparedQuery prepare(String sql) {
        ParsedSql parsed = Parser.parsePrepared(sql);
        if (parsed.statements().size() != 1) {
            throw new SqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; check the manual"
                    + " that corresponds to your MariaDB server version for the right syntax to use near '"
                    + parsed.texts().get(1) + "' at line 1");
        }
        Statement st = parsed.statements().get(0);
        return new PreparedQuery(st, database, parsed.paramCount(), plan(st, database));
    }

    /** Runs a prepared statement with {@code params} (one value per {@code ?}). */
    public void execute(PreparedQuery q, Object[] params, ResultSink sink) {
        context.cpuWork().burn();
        if (!q.plan.isCurrent(engine)) {
            q.plan = plan(q.statement, q.database);
        }
        run(q.plan, params, sink);
    }

    /** Runs one statement of a text query (no parameters). */
    public void execute(Statement statement, ResultSink sink) {
        context.cpuWork().burn();
        run(plan(statement, database), new Object[0], sink);
    }

    private Plan plan(Statement st, String db) {
        try {
            return Planner.plan(this, st, db);
        } catch (EngineException e) {
            throw SqlException.of(e);
        }
    }

    private void run(Plan plan, Object[] params, ResultSink sink) {
        if (!plan.usesRows()) {
            try {
                plan.run(null, params, sink);
            } catch (EngineException e) {
                throw SqlException.of(e);
            }
            return;
        }
        Transaction t = txn;
        boolean single = false;
        if (t == null) {
            t = engine.begin();
            if (explicit || !autocommit) {
                txn = t;
            } else {
                single = true;
            }
        }
        if (!single) {
            t.beginStatement();
        }
        try {
            plan.run(t, params, sink);
            if (single) {
                t.commit();
            }
        } catch (EngineException e) {
            if (single) {
                t.close();
            } else if (e.code() == ErrorCode.LOCK_DEADLOCK || !t.isActive()) {
                endTransaction(); // InnoDB rolls the whole transaction back on a deadlock
            } else {
                rollbackStatement(t);
            }
            throw SqlException.of(e);
        } catch (RuntimeException | Error e) {
            if (single) {
                t.close();
            } else if (t.isActive()) {
                rollbackStatement(t);
            }
            throw e;
        }
    }

    /** Undoes the failed statement only; if even that fails, the whole transaction goes. */
    private void rollbackStatement(Transaction t) {
        try {
            t.rollbackStatement();
        } catch (RuntimeException e) {
            endTransaction();
        }
    }

    private void endTransaction() {
        Transaction t = txn;
        txn = null;
        explicit = false;
        if (t != null) {
            t.close();
        }
    }

    /** BEGIN: commits an open transaction first, as MariaDB does. */
    void begin() {
        commit();
        explicit = true;
    }

    void commit() {
        Transaction t = txn;
        txn = null;
        explicit = false;
        if (t != null) {
            try {
                t.commit();
            } catch (EngineException e) {
                t.close();
                throw SqlException.of(e);
            }
        }
    }

    void rollback() {
        Transaction t = txn;
        txn = null;
        explicit = false;
        if (t != null) {
            t.rollback();
        }
    }

    /** DDL and SET autocommit=1 commit the open transaction. */
    void implicitCommit() {
        commit();
    }

    // ---- variables ----

    /** The value of system variable {@code name} (canonical) in {@code scope}; 1193 if unknown. */
    Object variable(Expr.Scope scope, String name) {
        if (SystemVariables.DYNAMIC.contains(name)) {
            return dynamicVariable(name);
        }
        if (scope != Expr.Scope.GLOBAL && sessionVariables.containsKey(name)) {
            return sessionVariables.get(name);
        }
        if (!SystemVariables.exists(name)) {
            throw unknownVariable(name);
        }
        if (name.equals(Variables.TAF_STATEMENT_CPU_WORK)) {
            return context.cpuWork().rounds(); // the live value: SET GLOBAL may have changed it
        }
        return SystemVariables.global(engine.config(), name);
    }

    private Object dynamicVariable(String name) {
        return switch (name) {
            case "autocommit" -> autocommit ? 1L : 0L;
            case "last_insert_id", "identity" -> lastInsertId;
            case "in_transaction" -> inTransaction() ? 1L : 0L;
            case "timestamp" -> BigDecimal.valueOf(System.currentTimeMillis(), 3);
            default -> 0L;
        };
    }

    Object userVariable(String name) {
        return userVariables.get(name.toLowerCase(Locale.ROOT));
    }

    /** Every variable's value, session values included unless {@code global}, by name. */
    Map<String, Object> variables(boolean global) {
        Map<String, Object> all = new TreeMap<>(SystemVariables.allGlobal(engine.config()));
        all.put(Variables.TAF_STATEMENT_CPU_WORK, context.cpuWork().rounds());
        if (!global) {
            all.putAll(sessionVariables);
        }
        for (String name : SystemVariables.DYNAMIC) {
            if (!name.equals("timestamp")) {
                all.put(name, name.equals("autocommit") ? (autocommit ? "ON" : "OFF") : dynamicVariable(name));
            }
        }
        return all;
    }

    /** Checks at plan time that {@code name} may be SET in {@code scope}. */
    void checkSettable(Expr.Scope scope, String rawName) {
        if (rawName.startsWith("@")) {
            return;
        }
        String name = SystemVariables.canonical(rawName);
        if (!SystemVariables.exists(name)) {
            throw unknownVariable(name);
        }
        if (scope == Expr.Scope.GLOBAL && SystemVariables.SETTABLE_GLOBAL.contains(name)) {
            return;
        }
        if (scope == Expr.Scope.GLOBAL) {
            throw SqlException.notSupported("SET GLOBAL (restart the server with --" + name + "=...)");
        }
        if (!SystemVariables.isSessionSettable(name)) {
            throw SystemVariables.isGlobalOnly(name)
                    ? new SqlException(
                            1229,
                            "HY000",
                            "Variable '" + name + "' is a GLOBAL variable and should be set with SET GLOBAL")
                    : new SqlException(1238, "HY000", "Variable '" + name + "' is a read only variable");
        }
    }

    void setVariable(Expr.Scope scope, String rawName, Object value) {
        if (rawName.startsWith("@")) {
            userVariables.put(rawName.substring(1).toLowerCase(Locale.ROOT), value);
            return;
        }
        String name = SystemVariables.canonical(rawName);
        checkSettable(scope, name);
        if (name.equals(Variables.TAF_STATEMENT_CPU_WORK)) {
            setCpuWork(name, value);
            return;
        }
        if (scope == Expr.Scope.GLOBAL && SystemVariables.ENGINE_GLOBAL.contains(name)) {
            setEngineVariable(name, value);
            return;
        }
        switch (name) {
            case "autocommit" -> setAutocommit(name, value);
            case "last_insert_id", "identity" -> lastInsertId = value == null ? 0 : Values.toLong(value);
            case "in_transaction", "warning_count", "error_count" ->
                    throw new SqlException(1238, "HY000", "Variable '" + name + "' is a read only variable");
            default -> {
                if (value instanceof String s && s.equalsIgnoreCase("DEFAULT")) {
                    sessionVariables.remove(name);
                } else {
                    sessionVariables.put(name, value);
                }
            }
        }
    }

    /** SET GLOBAL taf_statement_cpu_work: a whole number in range, or DEFAULT (0); else 1232 or 1231. */
    private void setCpuWork(String name, Object value) {
        if (value instanceof String st && st.equalsIgnoreCase("DEFAULT")) {
            context.cpuWork().set(0);
            return;
        }
        if (!(value instanceof Long n)) {
            throw new SqlException(1232, "42000", "Incorrect argument type to variable '" + name + "'");
        }
        try {
            context.cpuWork().set(n);
        } catch (IllegalArgumentException e) {
            throw new SqlException(1231, "42000", "Variable '" + name + "' can't be set to the value of '" + n
                    + "' (" + e.getMessage() + ")");
        }
    }

    /** SET GLOBAL of a dynamic engine variable: a whole number in its range, or DEFAULT; else 1232 or 1231. */
    private void setEngineVariable(String name, Object value) {
        String text;
        if (value instanceof String st && st.equalsIgnoreCase("DEFAULT")) {
            text = Variables.find(name).orElseThrow().defaultValue();
        } else if (value instanceof Long n) {
            text = Long.toString(n);
        } else {
            throw new SqlException(1232, "42000", "Incorrect argument type to variable '" + name + "'");
        }
        try {
            engine.setGlobalVariable(name, text);
        } catch (IllegalArgumentException e) {
            throw new SqlException(1231, "42000", "Variable '" + name + "' can't be set to the value of '" + text
                    + "' (" + e.getMessage() + ")");
        }
    }

    private void setAutocommit(String name, Object value) {
        Boolean on = null;
        if (value instanceof String s) {
            on = switch (s.toUpperCase(Locale.ROOT)) {
                case "ON", "TRUE", "1", "DEFAULT" -> Boolean.TRUE;
                case "OFF", "FALSE", "0" -> Boolean.FALSE;
                default -> null;
            };
        } else if (value instanceof Long l && (l == 0 || l == 1)) {
            on = l == 1;
        }
        if (on == null) {
            throw new SqlException(1231, "42000", "Variable '" + name + "' can't be set to the value of '"
                    + (value == null ? "NULL" : Values.toText(value)) + "'");
        }
        if (on && !autocommit) {
            commit(); // switching autocommit on commits the open transaction
        }
        autocommit = on;
    }

    private static SqlException unknownVariable(String name) {
        return new SqlException(ErrorCode.UNKNOWN_SYSTEM_VARIABLE, "Unknown system variable '" + name + "'");
    }

    /** COM_RESET_CONNECTION: rolls back and forgets variables; the database stays. */
    public void reset() {
        rollback();
        sessionVariables.clear();
        userVariables.clear();
        autocommit = true;
        lastInsertId = 0;
    }

    /** Rolls back any open transaction. */
    @Override
    public void close() {
        rollback();
    }
}
