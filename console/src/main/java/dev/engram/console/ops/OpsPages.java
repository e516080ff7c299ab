package dev.engram.console.ops;

import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.VaultApi;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.regex.Pattern;

/**
 * Ops (an ops key of tenant {@code *}; {@link OpsOnly} keeps other keys out): the backups at
 * vault's destination, verifying one, taking one now and following its job, and the audit's
 * findings.
 */
@Path("/ops")
@Produces(MediaType.TEXT_HTML)
class OpsPages {

  /** Backup and job ids as vault names them; anything else is not forwarded. */
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,200}");

  /** Seconds between the job page's refreshes while the job runs. */
  static final int REFRESH_SECONDS = 2;

  @CheckedTemplate(basePath = "ops")
  static class Templates {
    static native TemplateInstance ops(
        Person person, Attempt<Wire.BackupList> backups, String verified, boolean busy);

    static native TemplateInstance job(Person person, Wire.BackupJob job, int refresh);

    static native TemplateInstance audit(
        Person person, AuditReport report, String message, boolean ran);
  }

  private final VaultApi vault;
  private final SignedIn signedIn;

  OpsPages(VaultApi vault, SignedIn signedIn) {
    this.vault = vault;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance ops(
      @QueryParam("verified") String verified, @QueryParam("busy") String busy) {
    String key = signedIn.key();
    return Templates.ops(
        signedIn.person(),
        Attempt.of(() -> vault.backups(key)),
        verified != null && ID.matcher(verified).matches() ? verified : null,
        busy != null);
  }

  @POST
  @Path("/backups")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response backUp(@FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    Wire.BackupJob job;
    try {
      job = vault.startBackup(signedIn.key());
    } catch (ServiceCallFailed e) {
      if (e.status() == 409) {
        return Response.seeOther(URI.create("/ops?busy=1")).build();
      }
      throw e;
    }
    return Response.seeOther(URI.create("/ops/jobs/" + known(job.id()))).build();
  }

  @GET
  @Path("/jobs/{id}")
  public TemplateInstance job(@PathParam("id") String id) {
    Wire.BackupJob job = vault.job(signedIn.key(), known(id));
    return Templates.job(
        signedIn.person(), job, "running".equals(job.state()) ? REFRESH_SECONDS : 0);
  }

  @POST
  @Path("/backups/{id}/verify")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response verify(@PathParam("id") String id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    vault.verify(signedIn.key(), known(id));
    return Response.seeOther(URI.create("/ops?verified=" + id)).build();
  }

  @GET
  @Path("/audit")
  public TemplateInstance audit(@QueryParam("ran") String ran) {
    try {
      AuditReport report = AuditReport.of(vault.lastAudit(signedIn.key()));
      return Templates.audit(signedIn.person(), report, null, ran != null);
    } catch (ServiceCallFailed e) {
      String message =
          e.status() == 404 ? "No audit has run yet." : e.service() + ": " + e.detail();
      return Templates.audit(signedIn.person(), null, message, false);
    }
  }

  @POST
  @Path("/audit")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response runAudit(@FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    vault.audit(signedIn.key());
    return Response.seeOther(URI.create("/ops/audit?ran=1")).build();
  }

  private static String known(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new NotFoundException();
    }
    return id;
  }
}
