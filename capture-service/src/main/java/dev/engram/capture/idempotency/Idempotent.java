package dev.engram.capture.idempotency;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource whose writes honour the {@code Idempotency-Key} header. A binding rather than a
 * global filter because the filter reads the whole body first, which the streamed backup import
 * must not do; {@code ArchitectureTest} checks that every public write resource carries it.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {}
