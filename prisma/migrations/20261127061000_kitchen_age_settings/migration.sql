-- When a kitchen ticket turns amber and red (minutes since it was sent; decision 079).
ALTER TABLE `restaurants` ADD COLUMN `kitchenAmberMinutes` INTEGER NOT NULL DEFAULT 10,
    ADD COLUMN `kitchenRedMinutes` INTEGER NOT NULL DEFAULT 20;
