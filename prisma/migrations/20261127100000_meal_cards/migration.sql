-- Meal cards (yemek kartı) as payment methods (issue 22, decision 083): the cards a restaurant
-- accepts, the card a payment was taken with (its name copied), and a covering index that splits
-- meal-card revenue per card for the reports. Existing payments are cash or card: nothing to fill.
-- AlterTable
ALTER TABLE `restaurants` ADD COLUMN `mealCards` JSON NULL;

-- AlterTable
ALTER TABLE `payments` ADD COLUMN `mealCard` VARCHAR(40) NULL,
    MODIFY `method` ENUM('cash', 'card', 'meal_card') NOT NULL;

-- AlterTable
ALTER TABLE `report_sales_hours` MODIFY `method` ENUM('cash', 'card', 'meal_card') NOT NULL;

-- CreateIndex
CREATE INDEX `payments_meal_cards_read_idx` ON `payments`(`restaurantId`, `method`, `paidAt`, `mealCard`, `amount`);
