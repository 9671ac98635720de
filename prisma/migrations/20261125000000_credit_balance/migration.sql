-- Credit of paid periods left over after a plan change (decision 058).
ALTER TABLE `restaurants` ADD COLUMN `creditBalance` DECIMAL(10, 2) NOT NULL DEFAULT 0.00;
