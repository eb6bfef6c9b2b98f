package io.github.fuzzycron.spring;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.util.ReflectionUtils;

/**
 * Finds {@link FuzzyScheduled} methods and registers each with Spring's scheduler as a trigger task
 * ({@link SchedulingConfigurer}: called once the context's beans are created, with {@code @EnableScheduling}).
 *
 * <pre>
 * &#64;Configuration &#64;EnableScheduling
 * class Config { &#64;Bean static FuzzyScheduledPostProcessor fuzzyScheduled() { return new FuzzyScheduledPostProcessor(); } }
 * </pre>
 */
public class FuzzyScheduledPostProcessor implements BeanPostProcessor, SchedulingConfigurer {
  private static final class Task {
    final Runnable run;
    final FuzzyCronTrigger trigger;

    Task(Runnable run, FuzzyCronTrigger trigger) {
      this.run = run;
      this.trigger = trigger;
    }
  }

  private final List<Task> tasks = new ArrayList<>();
  private ScheduledTaskRegistrar registrar;

  @Override
  public Object postProcessBeforeInitialization(Object bean, String beanName) throws BeansException {
    return bean;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
    Class<?> type = AopUtils.getTargetClass(bean);
    ReflectionUtils.doWithMethods(type, method -> {
      FuzzyScheduled a = method.getAnnotation(FuzzyScheduled.class);
      if (a == null) return;
      if (method.getParameterCount() != 0 || Modifier.isStatic(method.getModifiers()))
        throw new IllegalStateException("@FuzzyScheduled needs an instance method without arguments: " + method);
      String[] seed = a.seed().length > 0 ? a.seed() : new String[] {host(), beanName + "." + method.getName()};
      ZoneId zone = a.zone().isEmpty() ? ZoneId.systemDefault() : ZoneId.of(a.zone());
      Method target = AopUtils.selectInvocableMethod(method, bean.getClass());
      ReflectionUtils.makeAccessible(target);
      Task t = new Task(() -> ReflectionUtils.invokeMethod(target, bean), new FuzzyCronTrigger(a.cron(), zone, seed));
      synchronized (tasks) {
        tasks.add(t);
        if (registrar != null) registrar.addTriggerTask(t.run, t.trigger);
      }
    });
    return bean;
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar taskRegistrar) {
    synchronized (tasks) {
      registrar = taskRegistrar;
      for (Task t : tasks) taskRegistrar.addTriggerTask(t.run, t.trigger);
    }
  }

  static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
