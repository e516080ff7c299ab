package dev.engram.common.auth;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A bearer API key presented by a client, waiting to be checked. */
final class ApiKeyAuthenticationRequest extends BaseAuthenticationRequest {

  private final String key;

  ApiKeyAuthenticationRequest(String key) {
    this.key = key;
  }

  String key() {
    return key;
  }
}
