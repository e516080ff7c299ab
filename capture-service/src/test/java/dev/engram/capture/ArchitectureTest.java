package dev.engram.capture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.engram.capture.idempotency.Idempotent;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

/**
 * The shape the code keeps: feature packages that never loop through each other, resources that
 * only call services (no repository, entity query, SQL session or client of their own), and SQL
 * only in repositories and queries classes. Plain JUnit over the compiled classes; no application
 * starts.
 */
class ArchitectureTest {

  private static final JavaClasses CAPTURE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.engram.capture");

  /** Deliberate violations of every rule (test sources, never run). */
  private static final JavaClasses FIXTURE =
      new ClassFileImporter().importPackages("dev.engram.capture.archfixture");

  private static final ArchRule NO_CYCLES =
      slices().matching("dev.engram.capture.(*)..").should().beFreeOfCycles();

  private static final ArchRule NO_FIXTURE_CYCLES =
      slices().matching("dev.engram.capture.archfixture.(*)..").should().beFreeOfCycles();

  private static final ArchRule NO_REPOSITORIES =
      noClasses()
          .that()
          .haveSimpleNameEndingWith("Resource")
          .should()
          .dependOnClassesThat()
          .haveSimpleNameEndingWith("Repository");

  private static final ArchRule NO_ENTITY_QUERIES =
      noClasses()
          .that()
          .haveSimpleNameEndingWith("Resource")
          .should()
          .callMethodWhere(staticPanacheMethod())
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName(PanacheEntityBase.class.getName());

  private static final ArchRule NO_SQL =
      noClasses()
          .that()
          .haveSimpleNameEndingWith("Resource")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage(
                      "io.vertx.sqlclient..",
                      "io.vertx.mutiny.sqlclient..",
                      "io.vertx.pgclient..",
                      "io.vertx.mutiny.pgclient..",
                      "org.hibernate.reactive..",
                      "java.sql..",
                      "javax.sql..")
                  // The export's resource may tell a failed read from a failed write; it runs none.
                  .and(not(equivalentTo(SQLException.class))))
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("io.quarkus.hibernate.reactive.panache.Panache");

  /**
   * SQL (native or JPQL) is written only in a {@code *Repository} or {@code *Queries} class: no
   * other class hands a statement to a Hibernate session, a Panache entity or repository, the
   * Vert.x SQL client or JDBC.
   */
  private static final ArchRule SQL_IN_REPOSITORIES =
      noClasses()
          .that()
          .haveSimpleNameNotEndingWith("Repository")
          .and()
          .haveSimpleNameNotEndingWith("Queries")
          .should()
          .callMethodWhere(statement());

  /** Every public write honours Idempotency-Key (the filter is bound by this annotation). */
  private static final ArchRule WRITES_TAKE_KEYS =
      classes().that(publicWriteResources()).should().beAnnotatedWith(Idempotent.class);

  @Test
  void featurePackagesHaveNoCycles() {
    NO_CYCLES.check(CAPTURE);
  }

  @Test
  void resourcesDoNotTouchRepositories() {
    NO_REPOSITORIES.check(CAPTURE);
  }

  @Test
  void resourcesDoNotQueryEntities() {
    NO_ENTITY_QUERIES.check(CAPTURE);
  }

  @Test
  void resourcesDoNotSpeakSql() {
    NO_SQL.check(CAPTURE);
  }

  @Test
  void sqlIsWrittenOnlyInRepositoriesAndQueries() {
    SQL_IN_REPOSITORIES.check(CAPTURE);
  }

  @Test
  void publicWritesTakeIdempotencyKeys() {
    WRITES_TAKE_KEYS.check(CAPTURE);
  }

  /** Each rule fails on code that breaks it, so a green run means something. */
  @Test
  void everyRuleCatchesItsViolation() {
    for (ArchRule rule :
        List.of(
            NO_FIXTURE_CYCLES,
            NO_REPOSITORIES,
            NO_ENTITY_QUERIES,
            NO_SQL,
            SQL_IN_REPOSITORIES,
            WRITES_TAKE_KEYS)) {
      assertThrows(AssertionError.class, () -> rule.check(FIXTURE), rule.getDescription());
    }
  }

  /** A static method called on a Panache entity: find, list, count, delete, update, persist... */
  private static DescribedPredicate<JavaAccess<?>> staticPanacheMethod() {
    return DescribedPredicate.describe(
        "a static query method of a Panache entity",
        access ->
            access.getTargetOwner().isAssignableTo(PanacheEntityBase.class)
                && access.getTarget().resolveMember().stream()
                    .anyMatch(m -> m.getModifiers().contains(JavaModifier.STATIC)));
  }

  /**
   * A call that hands over a statement: a Hibernate session's query factories, a Panache entity's
   * or repository's query methods given a query string, the SQL client's {@code query} and {@code
   * preparedQuery}, and JDBC's statement factories.
   */
  private static DescribedPredicate<JavaMethodCall> statement() {
    Set<String> panacheQuery = Set.of("find", "list", "stream", "count", "delete", "update");
    return DescribedPredicate.describe(
        "a method that takes SQL or JPQL",
        access -> {
          JavaClass owner = access.getTargetOwner();
          String name = access.getName();
          boolean queryString =
              access.getTarget().getRawParameterTypes().stream()
                  .findFirst()
                  .map(t -> t.isEquivalentTo(String.class))
                  .orElse(false);
          return owner.isAssignableTo(Mutiny.Session.class)
                  && name.startsWith("create")
                  && name.endsWith("Query")
              || panacheQuery.contains(name) && queryString && declaredByPanache(access)
              || (owner.isAssignableTo(io.vertx.sqlclient.SqlClient.class)
                      || owner.isAssignableTo(io.vertx.mutiny.sqlclient.SqlClient.class))
                  && (name.equals("query") || name.equals("preparedQuery"))
              || owner.isAssignableTo(Connection.class)
                  && (name.equals("prepareStatement")
                      || name.equals("createStatement")
                      || name.equals("prepareCall"));
        });
  }

  /** A method Panache itself declares (an entity's or repository's), not a repository's own. */
  private static boolean declaredByPanache(JavaMethodCall call) {
    return call.getTarget().resolveMember().stream()
        .anyMatch(
            m -> m.getOwner().getPackageName().startsWith("io.quarkus.hibernate.reactive.panache"));
  }

  /** A resource under {@code /v1} with a POST, PUT, PATCH or DELETE method. */
  private static DescribedPredicate<JavaClass> publicWriteResources() {
    List<Class<? extends java.lang.annotation.Annotation>> writes =
        List.of(POST.class, PUT.class, PATCH.class, DELETE.class);
    return DescribedPredicate.describe(
        "resources with a write under /v1",
        c ->
            c.tryGetAnnotationOfType(Path.class).map(p -> p.value().startsWith("/v1")).orElse(false)
                && c.getMethods().stream()
                    .anyMatch(m -> writes.stream().anyMatch(m::isAnnotatedWith)));
  }
}
