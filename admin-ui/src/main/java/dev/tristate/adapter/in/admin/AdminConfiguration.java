package dev.tristate.adapter.in.admin;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.springframework.context.MessageSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.support.ResourceBundleMessageSource;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.i18n.CookieLocaleResolver;
import org.springframework.web.servlet.i18n.LocaleChangeInterceptor;

/**
 * The admin console adapter: its controllers, its security, and its two languages (English and Simplified Chinese):
 * taken from the browser's Accept-Language, switched with {@code ?lang=zh-CN} or {@code ?lang=en} and then kept in a
 * cookie.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = AdminConfiguration.class)
@Import(AdminSecurityConfiguration.class)
public class AdminConfiguration implements WebMvcConfigurer {

    static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;
    static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, CHINESE);

    @Bean
    MessageSource messageSource() {
        ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
        messages.setBasenames("admin/messages");
        messages.setDefaultEncoding("UTF-8");
        messages.setFallbackToSystemLocale(false);
        // One rule for every text, with arguments or without: an apostrophe is written '' (ConsoleMessagesTest).
        messages.setAlwaysUseMessageFormat(true);
        return messages;
    }

    @Bean
    LocaleResolver localeResolver() {
        CookieLocaleResolver resolver = new CookieLocaleResolver("tristate-lang");
        resolver.setDefaultLocaleFunction(AdminConfiguration::fromBrowser);
        return resolver;
    }

    /** Chinese when the browser prefers any Chinese over English, else English. */
    static Locale fromBrowser(HttpServletRequest request) {
        for (Locale l : java.util.Collections.list(request.getLocales())) {
            if ("zh".equals(l.getLanguage())) {
                return CHINESE;
            }
            if ("en".equals(l.getLanguage())) {
                return Locale.ENGLISH;
            }
        }
        return Locale.ENGLISH;
    }

    /**
     * uPlot, the charting library, from its webjar under {@code /admin/assets/uplot/} (so the console's security and
     * its CSP, {@code 'self'} only, cover it; no CDN). The webjar's own version is read from its Maven metadata, so
     * that the version is written once, in the pom.
     */
    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/admin/assets/uplot/**").addResourceLocations(
                "classpath:/META-INF/resources/webjars/uplot/" + webjarVersion("uplot") + "/dist/");
    }

    static String webjarVersion(String artifact) {
        String path = "/META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
        try (InputStream in = AdminConfiguration.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the webjar " + artifact + " is not on the class path (" + path + ")");
            }
            Properties pom = new Properties();
            pom.load(in);
            return pom.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        LocaleChangeInterceptor change = new LocaleChangeInterceptor();
        change.setParamName("lang");
        change.setIgnoreInvalidLocale(true);
        registry.addInterceptor(change).addPathPatterns("/admin/**");
    }
}
