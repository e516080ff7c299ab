package dev.engram.vault;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Package rules the compiler does not check: no cycles between feature packages, and calls to the
 * other services go through {@code client/} (one HTTP caller, with its timeouts and key).
 */
class ArchitectureTest {

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.engram.vault");

  @Test
  void noPackageCycles() {
    slices().matching("dev.engram.vault.(*)..").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void onlyTheClientCallsOtherServices() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.engram.vault.client..")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("java.net.http.HttpClient")
        .because("the other services are called through client/ServiceClient")
        .check(CLASSES);
  }
}
