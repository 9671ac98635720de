-- The seating (issue 22, decision 086): when the party now at a table sat down. A table's bill is
-- the seating's orders, those still open and those its parts have paid, so equal shares stay equal
-- when one order of several is paid off first. An occupied table sat down with its oldest open order.
-- AlterTable
ALTER TABLE `tables` ADD COLUMN `seatedAt` DATETIME(3) NULL;

UPDATE `tables` t SET t.`seatedAt` = (SELECT MIN(o.`createdAt`) FROM `orders` o WHERE o.`tableId` = t.`id` AND o.`status` = 'active')
WHERE t.`status` = 'occupied';
