package dev.engram.capture.db;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.quarkus.hibernate.orm.JsonFormat;
import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.format.FormatMapper;
import org.hibernate.type.format.jackson.JacksonJsonFormatMapper;

/**
 * How jsonb columns are written: a mapper of their own, so that tuning the REST API's JSON can
 * never change what is stored. snake_case and ISO dates, like the API; unknown fields are tolerated
 * so that older rows stay readable as the types grow.
 */
@JsonFormat
@PersistenceUnitExtension
@ApplicationScoped
class JsonColumns implements FormatMapper {

  private final FormatMapper delegate =
      new JacksonJsonFormatMapper(
          new ObjectMapper()
              .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
              .registerModule(new JavaTimeModule())
              .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
              .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));

  @Override
  public <T> T fromString(CharSequence value, JavaType<T> type, WrapperOptions options) {
    return delegate.fromString(value, type, options);
  }

  @Override
  public <T> String toString(T value, JavaType<T> type, WrapperOptions options) {
    return delegate.toString(value, type, options);
  }
}
