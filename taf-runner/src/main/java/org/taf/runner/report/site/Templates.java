package org.taf.runner.report.site;

import freemarker.core.TemplateClassResolver;
import freemarker.template.Configuration;
import freemarker.template.SimpleHash;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateNumberModel;
import freemarker.template.TemplateScalarModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.taf.runner.report.Messages;

/**
 * Freemarker, configured once: templates from {@code templates/} inside the runner jar,
 * {@code .ftlh} auto-escaped as HTML and {@code .ftlx} as XML, errors rethrown (a page with a
 * hole is never written), no {@code ?new}/{@code ?api}, Locale.ROOT and UTC so nothing depends on
 * the machine. Templates see {@code view} (the view model) and {@code msg(key, args...)}.
 */
final class Templates {
    private final Configuration cfg;
    private final Messages messages;

    Templates(Messages messages) {
        this.messages = messages;
        cfg = new Configuration(Configuration.VERSION_2_3_34);
        cfg.setClassLoaderForTemplateLoading(Templates.class.getClassLoader(), "templates");
        cfg.setDefaultEncoding("UTF-8");
        cfg.setOutputEncoding("UTF-8");
        cfg.setLocale(Locale.ROOT);
        cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
        cfg.setNumberFormat("computer");
        cfg.setRecognizeStandardFileExtensions(true);
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        cfg.setWrapUncheckedExceptions(true);
        cfg.setFallbackOnNullLoopVariable(false);
        cfg.setAPIBuiltinEnabled(false);
        cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
        cfg.setObjectWrapper(new RecordWrapper());
    }

    /** Renders {@code name} (e.g. "post.ftlh") with {@code view}. */
    String render(String name, Object view) {
        try {
            Template t = cfg.getTemplate(name);
            SimpleHash model = new SimpleHash(cfg.getObjectWrapper());
            model.put("view", view);
            model.put("msg", new MessageMethod(messages));
            StringWriter out = new StringWriter(64 * 1024);
            t.process(model, out);
            return out.toString();
        } catch (IOException | TemplateException e) {
            // A template bug (or a missing message key): a programming error, not bad input.
            throw new IllegalStateException("cannot render template " + name + ": " + e.getMessage(), e);
        }
    }

    /** {@code msg("key", arg...)}: a message of the edition; numbers are passed as whole numbers. */
    private record MessageMethod(Messages messages) implements TemplateMethodModelEx {
        @Override
        public Object exec(@SuppressWarnings("rawtypes") List arguments) throws TemplateModelException {
            if (arguments.isEmpty()) {
                throw new TemplateModelException("msg() needs a key");
            }
            List<String> args = new ArrayList<>();
            for (Object a : arguments.subList(1, arguments.size())) {
                if (a instanceof TemplateNumberModel n) {
                    args.add(n.getAsNumber().toString());
                } else if (a instanceof TemplateScalarModel s) {
                    args.add(s.getAsString());
                } else {
                    throw new TemplateModelException("msg() arguments are text or numbers, got " + a);
                }
            }
            return messages.get(((TemplateScalarModel) arguments.get(0)).getAsString(), args);
        }
    }

    /** A file of the runner's classpath, as bytes (the stylesheet, the icon). */
    static byte[] resource(String name) {
        try (InputStream in = Templates.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the runner's classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }
}
