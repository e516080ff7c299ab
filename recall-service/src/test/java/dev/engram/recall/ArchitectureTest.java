package dev.engram.recall;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Rules of the package layout the compiler does not enforce: feature packages depend on each other
 * in one direction only (a cycle makes neither understandable nor movable alone), and the REST
 * resources reach the index only through its port, never an adapter or the Lucene / Qdrant APIs.
 */
class ArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.engram.recall");

  @Test
  void featurePackagesAreFreeOfCycles() {
    slices().matching("dev.engram.recall.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  /** Every package on its own, sub-packages too: an adapter never needs what builds it. */
  @Test
  void packagesAreFreeOfCycles() {
    slices().matching("dev.engram.recall.(**)").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void resourcesUseTheIndexOnlyThroughItsPort() {
    noClasses()
        .that()
        .haveSimpleNameEndingWith("Resource")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.engram.recall.index.lucene..",
            "dev.engram.recall.index.qdrant..",
            "org.apache.lucene..",
            "io.qdrant..")
        .check(MAIN);
  }
}
