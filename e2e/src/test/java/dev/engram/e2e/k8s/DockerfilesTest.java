package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native Dockerfiles can build (no Docker engine here, so this reads them): Maven sees every
 * module pom of the reactor and the sources of every module {@code -am} builds, the executable runs
 * on the same UBI release it was linked on, and the image is built in the cluster profile the
 * manifests expect (health on the management port).
 */
class DockerfilesTest {

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern ENGRAM_DEPENDENCY =
      Pattern.compile(
          "<dependency>\\s*(?:<!--.*?-->\\s*)?<groupId>dev\\.engram</groupId>\\s*"
              + "<artifactId>([^<]+)</artifactId>",
          Pattern.DOTALL);

  @ParameterizedTest
  @ValueSource(
      strings = {"capture-service", "recall-service", "graph-service", "vault-service", "console"})
  void theNativeDockerfileCopiesWhatMavenReadsAndRunsOnTheBuildersUbiRelease(String service)
      throws Exception {
    Path root = Kustomize.repoRoot();
    String dockerfile =
        Files.readString(root.resolve(service).resolve("src/main/docker/Dockerfile.native"));
    String where = service + "/src/main/docker/Dockerfile.native";
    Matcher modules = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
    while (modules.find()) {
      String pom = modules.group(1) + "/pom.xml";
      assertTrue(dockerfile.contains(" " + pom + " "), where + " does not copy " + pom);
    }
    for (String module : builtWithAm(root, service)) {
      if (Files.isDirectory(root.resolve(module).resolve("src"))) {
        assertTrue(
            dockerfile.contains(" " + module + "/src/ "),
            where + " does not copy " + module + "/src");
      }
    }
    List<String> stages = new ArrayList<>();
    dockerfile.lines().filter(l -> l.startsWith("FROM ")).forEach(stages::add);
    assertTrue(stages.size() == 2, where + ": a build and a run stage");
    assertTrue(stages.get(0).contains("ubi9-quarkus-mandrel-builder-image"), stages.get(0));
    assertTrue(
        stages.get(1).contains("quay.io/quarkus/ubi9-quarkus-micro-image:"),
        where + ": linked on UBI 9, so it must run on the UBI 9 micro image: " + stages.get(1));
    assertTrue(dockerfile.contains("-Dquarkus.profile=cluster"), where + ": cluster profile");
    String jvm = Files.readString(root.resolve(service).resolve("src/main/docker/Dockerfile.jvm"));
    assertTrue(jvm.contains("FROM registry.access.redhat.com/ubi9/openjdk-21-runtime:"), service);
    assertTrue(jvm.contains("-Dquarkus.profile=cluster"), service + " Dockerfile.jvm: cluster");
  }

  /** The service and every dev.engram module it depends on, in any scope (as -am builds them). */
  private static Set<String> builtWithAm(Path root, String service) throws IOException {
    Set<String> modules = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(List.of(service));
    while (!todo.isEmpty()) {
      String module = todo.pop();
      if (!modules.add(module)) {
        continue;
      }
      Matcher dependency =
          ENGRAM_DEPENDENCY.matcher(Files.readString(root.resolve(module).resolve("pom.xml")));
      while (dependency.find()) {
        todo.push(dependency.group(1));
      }
    }
    return modules;
  }
}
