package org.taf.engine.sql.exec;

import org.taf.engine.sql.ast.Statement;

/** Compiles a statement into its {@link Plan}, resolving tables in {@code database}. */
final class Planner {
    private Planner() {}

    static Plan plan(Session s, Statement st, String database) {
        if (st instanceof Statement.Select sel) {
            if (sel.from().isEmpty() || (sel.from().size() == 1 && sel.table().database() == null
                    && sel.table().name().equalsIgnoreCase("DUAL"))) {
                return new ConstantSelectPlan(s, sel);
            }
            return new SelectPlan(s, sel, database);
        }
        if (st instanceof Statement.Insert ins) {
            return new InsertPlan(s, ins, database);
        }
        if (st instanceof Statement.Update u) {
            return WritePlan.update(s, u, database);
        }
        if (st instanceof Statement.Delete d) {
            return WritePlan.delete(s, d, database);
        }
        if (st instanceof Statement.Begin) {
            return new CommandPlan(params -> {
                s.begin();
                return 0;
            });
        }
        if (st instanceof Statement.Commit) {
            return new CommandPlan(params -> {
                s.commit();
                return 0;
            });
        }
        if (st instanceof Statement.Rollback) {
            return new CommandPlan(params -> {
                s.rollback();
                return 0;
            });
        }
        if (st instanceof Statement.Use u) {
            return new CommandPlan(params -> {
                s.useDatabase(u.database());
                return 0;
            });
        }
        if (st instanceof Statement.SetVariables set) {
            return SetPlan.of(s, set);
        }
        if (st instanceof Statement.Show show) {
            return ShowPlans.show(s, show);
        }
        if (st instanceof Statement.CreateDatabase c) {
            return DdlPlans.createDatabase(s, c);
        }
        if (st instanceof Statement.DropDatabase d) {
            return DdlPlans.dropDatabase(s, d);
        }
        if (st instanceof Statement.CreateTable c) {
            return DdlPlans.createTable(s, c, database);
        }
        if (st instanceof Statement.CreateIndex c) {
            return DdlPlans.createIndex(s, c, database);
        }
        if (st instanceof Statement.AnalyzeTable a) {
            return DdlPlans.analyze(s, a, database);
        }
        if (st instanceof Statement.DropTable d) {
            return DdlPlans.dropTable(s, d, database);
        }
        throw new IllegalStateException("no plan for " + st);
    }
}
