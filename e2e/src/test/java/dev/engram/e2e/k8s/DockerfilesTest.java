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
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The native Dockerfiles can build (no Docker engine here, so this reads them): Maven sees every
 * module pom of the reactor and the sources of every module {@code -am} builds, the executable runs
 * on the same UBI release it was linked on, and the image is built in the cluster profile the
 * manifests expect (health on the management port). The JVM Dockerfiles are built here (by
 * k8s/images/build with podman); this checks that they and the script agree.
 */
class DockerfilesTest {

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
  private static final Pattern ENGRAM_DEPENDENCY =
      Pattern.compile(
          "<dependency>\\s*(?:<!--.*?-->\\s*)?<groupId>dev\\.engram</groupId>\\s*"
              + "<artifactId>([^<]+)</artifactId>",
          Pattern.DOTALL);

  /** The modules with Dockerfiles (the four services and the console). */
  static List<String> images() {
    return List.of(
        "capture-service", "recall-service", "graph-service", "vault-service", "console");
  }

  @ParameterizedTest
  @MethodSource("images")
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
  }

  /**
   * The JVM Dockerfile, its ignore file, k8s/images/build and the Maven build agree: the image is
   * made FROM the runtime image the script builds, copies the cluster-profile app from where
   * quarkus-parent's cluster-app execution writes it (the only thing the context sends), and the
   * script names the image after the module and looks for the app at that same place.
   */
  @ParameterizedTest
  @MethodSource("images")
  void theJvmDockerfileRunsTheClusterAppOnTheRuntimeTheScriptBuilds(String service)
      throws Exception {
    Path root = Kustomize.repoRoot();
    Path docker = root.resolve(service).resolve("src/main/docker");
    String jvm = Files.readString(docker.resolve("Dockerfile.jvm"));
    String ignore = Files.readString(docker.resolve("Dockerfile.jvm.dockerignore"));
    String script = Files.readString(root.resolve("k8s/images/build"));
    Matcher output =
        Pattern.compile(
                "<id>cluster-app</id>.*?<quarkus.profile>cluster</quarkus.profile>\\s*"
                    + "<quarkus.package.output-directory>([^<]+)<",
                Pattern.DOTALL)
            .matcher(Files.readString(root.resolve("quarkus-parent/pom.xml")));
    assertTrue(output.find(), "quarkus-parent/pom.xml: a cluster-profile build execution");
    String app = service + "/target/" + output.group(1) + "/";

    Matcher jreImage = Pattern.compile("(?m)^jre_image=(\\S+)$").matcher(script);
    assertTrue(jreImage.find(), "k8s/images/build names the runtime image");
    assertTrue(
        jvm.contains("ARG JRE_IMAGE=" + jreImage.group(1) + "\nFROM ${JRE_IMAGE}\n"),
        service + " Dockerfile.jvm: FROM the script's " + jreImage.group(1));
    for (String layer :
        List.of("lib/ /deployments/lib/", "*.jar /deployments/", "app/", "quarkus/")) {
      assertTrue(
          jvm.contains("\nCOPY " + app + layer), service + " Dockerfile.jvm copies " + layer);
    }
    assertTrue(
        jvm.lines().filter(l -> l.startsWith("COPY ")).allMatch(l -> l.startsWith("COPY " + app)),
        service + " Dockerfile.jvm: copies nothing but " + app);
    assertTrue(
        ignore
            .lines()
            .filter(l -> !l.isBlank() && !l.startsWith("#"))
            .toList()
            .equals(List.of("*", "!" + app)),
        service + " Dockerfile.jvm.dockerignore: sends " + app + " only");
    assertTrue(jvm.contains("\nUSER 185\n"), service + ": non-root");
    assertTrue(jvm.contains("\nEXPOSE 8080 9000\n"), service + ": HTTP and management ports");
    assertTrue(
        jvm.contains("\"-Djava.io.tmpdir=/tmp\"")
            && jvm.contains("\"-jar\", \"/deployments/quarkus-run.jar\"]"),
        service + ": runs the fast-jar, temporary files on the /tmp tmpfs");

    Matcher services = Pattern.compile("(?m)^services=\\(([^)]*)\\)$").matcher(script);
    assertTrue(services.find(), "k8s/images/build lists the services");
    assertTrue(
        List.of(services.group(1).split(" ")).contains(service),
        "k8s/images/build builds " + service);
    assertTrue(
        script.contains("$root/$service/target/" + output.group(1) + "/quarkus-run.jar"),
        "k8s/images/build looks for the app where Maven writes it: " + app);
    assertTrue(
        script.contains("-f \"$root/$service/src/main/docker/Dockerfile.jvm\""),
        "k8s/images/build builds with " + service + "'s Dockerfile.jvm");
    assertTrue(
        script.contains("image=\"localhost/engram/$service:$tag\""),
        "k8s/images/build names the image localhost/engram/<module>:<tag>");
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
