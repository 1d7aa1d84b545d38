-- A variation's own measurements (a 3 seater's width, a king's mattress); null keeps the product's.
ALTER TABLE "variations" ADD COLUMN "dimensions" jsonb;
