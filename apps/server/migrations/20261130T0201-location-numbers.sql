-- A location takes the next number of its project when it is inserted without one (created,
-- created many, duplicated, imported): the project's counter row stays locked until the
-- transaction ends, so numbers have neither gaps nor duplicates (a rolled-back insert gives its
-- number back).
CREATE FUNCTION location_next_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS NULL THEN
    INSERT INTO location_number_counters AS c (organisation_id, project_id, last_number)
    VALUES (NEW.organisation_id, NEW.project_id, 1)
    ON CONFLICT (organisation_id, project_id) DO UPDATE SET last_number = c.last_number + 1
    RETURNING last_number INTO NEW.number;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER locations_next_number BEFORE INSERT ON locations
  FOR EACH ROW EXECUTE FUNCTION location_next_number();

-- A code's location is the location's qr_code_id (one place for the fact).
ALTER TABLE qr_codes DROP COLUMN location_id;
