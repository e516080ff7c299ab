#!/usr/bin/env python3
"""Context span probe (issue 17): per LoCoMo conversation, ask POST /v1/context one long-horizon
question ("Overall, how have things gone for <speaker_a> over the last months?") and count how many
of the conversation's session dates the block covers: an exchange covers its day, a memory the days
of its source exchanges, a summary the session days inside its period.
Usage: ENGRAM_HOME=... locomo_context_span.py locomo-dev.json conv-26,conv-30 [budget_tokens]"""
import json, sys, urllib.request, re, datetime, os

home = os.environ["ENGRAM_HOME"]
cfg = {}
for line in open(os.path.join(home, "config.env")):
    if "=" in line and not line.startswith("#"):
        k, v = line.strip().split("=", 1)
        cfg[k] = v.strip('"')
key = open(os.path.join(home, "secrets", "admin.key")).read().strip() if os.path.exists(os.path.join(home, "secrets", "admin.key")) else cfg.get("ENGRAM_API_KEY")
cap = "http://localhost:%s" % cfg["ENGRAM_CAPTURE_PORT"]
rec = "http://localhost:%s" % cfg["ENGRAM_RECALL_PORT"]
data = json.load(open(sys.argv[1]))
convs = sys.argv[2].split(",")
budget = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
agent = "locomo"

def call(url, body=None):
    req = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"},
        method="GET" if body is None else "POST")
    return json.load(urllib.request.urlopen(req, timeout=120))

def session_dates(c):
    out = set()
    conv = c["conversation"]
    for k, v in conv.items():
        m = re.fullmatch(r"session_(\d+)_date_time", k)
        if m and ("session_%s" % m.group(1)) in conv:
            d = datetime.datetime.strptime(v.split(" on ")[1].strip(), "%d %B, %Y").date()
            out.add(d)
    return out

rows = []
for c in data:
    if c["sample_id"] not in convs:
        continue
    dates = session_dates(c)
    a = c["conversation"]["speaker_a"]
    q = "Overall, how have things gone for %s over the last months?" % a
    r = call(rec + "/v1/context", {"agent": agent, "chat": c["sample_id"], "query": q,
                                   "budget_tokens": budget, "recent_turns": 0})
    covered = set()
    for s in r["sections"]:
        for it in s.get("items", []):
            if it["kind"] == "exchange":
                e = call(cap + "/v1/exchanges/%d" % it["id"])
                covered.add(datetime.date.fromisoformat(e["occurred_at"][:10]))
            elif it["kind"] == "memory":
                m = call(cap + "/v1/memories/%d" % it["id"])
                md = m.get("metadata") or {}
                if m.get("category") == "SUMMARY" and "period_start" in md:
                    lo = datetime.date.fromisoformat(md["period_start"]); hi = datetime.date.fromisoformat(md["period_end"])
                    covered |= {d for d in dates if lo <= d < hi}
                else:
                    for x in (m.get("provenance") or {}).get("exchange_ids") or []:
                        e = call(cap + "/v1/exchanges/%d" % x)
                        covered.add(datetime.date.fromisoformat(e["occurred_at"][:10]))
    hit = len(covered & dates)
    hist = next((s for s in r["sections"] if s["name"] == "history"), None)
    rows.append((c["sample_id"], len(dates), hit, r["tokens"], hist["selected"] if hist else 0))
    print("%s: %d/%d session dates covered (%.2f), %d tokens, %d summaries" % (c["sample_id"], hit, len(dates), hit / len(dates), r["tokens"], hist["selected"] if hist else 0))
tot = sum(r[1] for r in rows); hit = sum(r[2] for r in rows)
print("all: %d/%d = %.3f" % (hit, tot, hit / tot))
