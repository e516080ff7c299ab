package dev.engram.graph;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.engram.graph.neo4j.Neo4jClient;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

/**
 * Package rules the compiler does not check: no cycles between feature packages, and REST resources
 * stay thin (Cypher and the Neo4j driver live in services, repositories and queries).
 */
class ArchitectureTest {

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.engram.graph");

  @Test
  void noPackageCycles() {
    slices().matching("dev.engram.graph.(*)..").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void resourcesDoNotQueryNeo4jThemselves() {
    noClasses()
        .that()
        .areAnnotatedWith(Path.class)
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.neo4j..")
        .orShould()
        .dependOnClassesThat()
        .areAssignableTo(Neo4jClient.class)
        .orShould()
        .dependOnClassesThat()
        .haveSimpleNameEndingWith("Queries")
        .because("Cypher belongs in the feature's service or repository and its Queries class")
        .check(CLASSES);
  }
}
