-- The W3C traceparent of the request that wrote an outbox row (issue 30), so the dispatcher's
-- span links back to the write. Null when tracing is off or the write had no trace (background work).
alter table outbox add column traceparent text;
