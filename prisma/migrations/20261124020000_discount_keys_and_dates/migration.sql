-- AlterTable: discounts become real (issue 10). A create carries a key (a repeated submit creates
-- one discount), an edit a version (an edit based on an older one is refused), and the start and
-- end are calendar days in the restaurant's time zone, not instants (decision 034).
ALTER TABLE `discounts`
  ADD COLUMN `createKey` VARCHAR(64) NULL,
  ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
  MODIFY `startDate` DATE NOT NULL,
  MODIFY `endDate` DATE NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX `discounts_restaurantId_createKey_key` ON `discounts`(`restaurantId`, `createKey`);
