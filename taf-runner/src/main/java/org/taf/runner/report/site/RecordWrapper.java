package org.taf.runner.report.site;

import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapper;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

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

    /**
     * Each record type's component accessors by name, looked up once per type: a fleet's history page reads a
     * dozen components of each of its tens of thousands of rows, and listing a record's components each time
     * cost more than the rest of the render.
     */
    private static final ClassValue<Map<String, Method>> ACCESSORS = new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            Map<String, Method> out = new HashMap<>();
            for (RecordComponent c : type.getRecordComponents()) {
                out.put(c.getName(), c.getAccessor());
            }
            return Map.copyOf(out);
        }
    };

    /** A record as a hash of its components. */
    private record RecordModel(Record record, RecordWrapper wrapper) implements TemplateHashModel {
        @Override
        public TemplateModel get(String key) throws TemplateModelException {
            Method accessor = ACCESSORS.get(record.getClass()).get(key);
            if (accessor == null) {
                throw new TemplateModelException(record.getClass().getSimpleName() + " has no component " + key);
            }
            try {
                return wrapper.wrap(accessor.invoke(record));
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new TemplateModelException("cannot read " + record.getClass().getSimpleName() + "." + key, e);
            }
        }

        @Override
        public boolean isEmpty() {
            return ACCESSORS.get(record.getClass()).isEmpty();
        }
    }
}
