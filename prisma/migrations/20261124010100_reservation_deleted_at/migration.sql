-- AlterTable
ALTER TABLE `reservations` ADD COLUMN `deletedAt` DATETIME(3) NULL;
