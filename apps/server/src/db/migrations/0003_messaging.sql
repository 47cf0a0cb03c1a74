-- Placeholder: replaced by the generated migration when this part lands.
SELECT 1;
