package org.taf.runner.report;

import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapper;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Lets templates read a view record's components as {@code view.page.title}. FreeMarker's own
 * record support lives in a multi-release part of its jar, which the runner's shaded jar does not
 * keep; so records are wrapped here, from their components only (no other methods are reachable).
 */
final class RecordWrapper extends DefaultObjectWrapper {
    RecordWrapper() {
        super(Configuration.VERSION_2_3_34);
    }

    @Override
    protected TemplateModel handleUnknownType(Object obj) throws TemplateModelException {
        if (obj instanceof Record r) {
            return new RecordModel(r, this);
        }
        return super.handleUnknownType(obj);
    }

    /** A record as a hash of its components. */
    private record RecordModel(Record record, RecordWrapper wrapper) implements TemplateHashModel {
        @Override
        public TemplateModel get(String key) throws TemplateModelException {
            for (RecordComponent c : record.getClass().getRecordComponents()) {
                if (c.getName().equals(key)) {
                    try {
                        return wrapper.wrap(c.getAccessor().invoke(record));
                    } catch (IllegalAccessException | InvocationTargetException e) {
                        throw new TemplateModelException("cannot read " + record.getClass().getSimpleName() + "."
                                + key, e);
                    }
                }
            }
            throw new TemplateModelException(record.getClass().getSimpleName() + " has no component " + key);
        }

        @Override
        public boolean isEmpty() {
            return record.getClass().getRecordComponents().length == 0;
        }
    }
}
