package io.github.fuzzycron.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a no-argument method on a Spring cron expression with hash forms. Needs {@code @EnableScheduling} and a
 * {@link FuzzyScheduledPostProcessor} bean.
 *
 * <pre>
 * &#64;FuzzyScheduled(cron = "H H 3 * * *")            // seeded [host, bean.method]
 * public void nightlyReport() { ... }
 * </pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FuzzyScheduled {
  /** A Spring cron expression (six fields, seconds first) with H. */
  String cron();

  /** The seed's parts; empty: this host's name and "beanName.methodName". */
  String[] seed() default {};

  /** The zone (an IANA name); empty: the JVM's default. */
  String zone() default "";
}
