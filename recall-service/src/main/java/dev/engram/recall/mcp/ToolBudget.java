package dev.engram.recall.mcp;

import dev.engram.common.ratelimit.RateLimits.EndpointClass;
import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The per-key bucket a tool draws on, as its REST endpoint would: each call of the tool pays one
 * token before it runs ({@link ToolCharge}), so a JSON-RPC batch pays for every call in it. Tools
 * without it only read (GET in REST) and are not limited.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@interface ToolBudget {

  @Nonbinding
  EndpointClass value();
}
