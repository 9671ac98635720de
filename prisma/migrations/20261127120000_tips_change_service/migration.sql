-- Tips, cash tendered and the service charge actually charged (issue 22, decision 085): the service
-- charge is part of `amount` (revenue) and kept apart too; the tip is not revenue; `tendered` is the
-- cash handed over (NULL for card and meal card), the change is tendered - amount - tip.
-- AlterTable
ALTER TABLE `payments` ADD COLUMN `serviceCharge` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    ADD COLUMN `tip` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    ADD COLUMN `tendered` DECIMAL(10, 2) NULL;
