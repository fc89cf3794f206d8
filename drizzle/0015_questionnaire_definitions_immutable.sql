-- A published questionnaire version is what people answered: the database refuses to change or remove it.
CREATE OR REPLACE FUNCTION questionnaire_definition_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'questionnaire_definition rows are immutable once published (% refused); publish a new version instead', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER questionnaire_definition_immutable
BEFORE UPDATE OR DELETE ON "questionnaire_definition"
FOR EACH ROW EXECUTE FUNCTION questionnaire_definition_refuse_change();
--> statement-breakpoint
CREATE TRIGGER questionnaire_definition_no_truncate
BEFORE TRUNCATE ON "questionnaire_definition"
FOR EACH STATEMENT EXECUTE FUNCTION questionnaire_definition_refuse_change();
