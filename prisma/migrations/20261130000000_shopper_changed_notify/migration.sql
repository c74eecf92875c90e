-- Tells every instance that a shopper changed (decision 076): who they are
-- (name, e-mail, admin, session version, or the account gone), a sign-in
-- logged out, or a review of theirs added or removed. The app keeps these for
-- cached pages' holes until it hears the user's id here. NOTIFY is sent at
-- commit, and a rolled-back write sends nothing. The body is an E-string with
-- \073 for its semicolons: the migration runner splits the file at every one.
CREATE FUNCTION notify_shopper_changed() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  row_user integer\073
BEGIN
  IF TG_TABLE_NAME = ''User'' THEN
    row_user := CASE WHEN TG_OP = ''DELETE'' THEN OLD.id ELSE NEW.id END\073
  ELSE
    row_user := CASE WHEN TG_OP = ''DELETE'' THEN OLD."userId" ELSE NEW."userId" END\073
    -- A review moved off a user (set to null when its author is deleted): that user hears too.
    IF TG_OP = ''UPDATE'' AND OLD."userId" IS DISTINCT FROM NEW."userId" AND OLD."userId" IS NOT NULL THEN
      PERFORM pg_notify(''shopper_changed'', OLD."userId"::text)\073
    END IF\073
  END IF\073
  IF row_user IS NOT NULL THEN
    PERFORM pg_notify(''shopper_changed'', row_user::text)\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "User_shopper_changed" AFTER UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed();

CREATE TRIGGER "RevokedSession_shopper_changed" AFTER INSERT ON "RevokedSession"
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed();

CREATE TRIGGER "Review_shopper_changed" AFTER INSERT OR DELETE OR UPDATE OF "userId" ON "Review"
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed();
