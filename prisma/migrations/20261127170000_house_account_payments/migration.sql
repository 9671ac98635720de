-- Hesaba yaz (issue 22, decisions 086, 087): a bill or part of one charged to a house account is a
-- payment method of its own (revenue when charged; the account's later payments are collections,
-- not revenue). The payment names the account.
-- AlterTable
ALTER TABLE `payments` ADD COLUMN `houseAccountId` INTEGER NULL,
    MODIFY `method` ENUM('cash', 'card', 'meal_card', 'house_account') NOT NULL;

-- AlterTable
ALTER TABLE `bill_payments` MODIFY `method` ENUM('cash', 'card', 'meal_card', 'house_account') NOT NULL;

-- AlterTable
ALTER TABLE `report_sales_hours` MODIFY `method` ENUM('cash', 'card', 'meal_card', 'house_account') NOT NULL;
