package org.taf.engine.sql.exec;

import java.util.List;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * SET of session and user variables. A bare word on the right is its own name as text
 * ({@code SET sql_mode = TRADITIONAL}, {@code SET autocommit = OFF}), as in MariaDB. All values
 * are computed before any is assigned.
 */
final class SetPlan {
    private SetPlan() {}

    static Plan of(Session s, Statement.SetVariables set) {
        List<Statement.VariableAssignment> assignments = set.assignments();
        ExprCompiler compiler = new ExprCompiler(s, (Scope) null, false);
        Eval[] values = new Eval[assignments.size()];
        for (int i = 0; i < values.length; i++) {
            Expr value = assignments.get(i).value();
            if (value instanceof Expr.Column c && c.table() == null) {
                String word = c.name();
                values[i] = (row, params) -> word;
            } else {
                values[i] = compiler.compile(value);
            }
            s.checkSettable(assignments.get(i).scope(), assignments.get(i).name());
        }
        return new CommandPlan(params -> {
            Object[] computed = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                computed[i] = values[i].eval(null, params);
            }
            for (int i = 0; i < values.length; i++) {
                Statement.VariableAssignment a = assignments.get(i);
                s.setVariable(a.scope(), a.name(), computed[i]);
            }
            return 0;
        });
    }
}
