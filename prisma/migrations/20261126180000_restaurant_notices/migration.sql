-- Notices Sofra raises for one restaurant itself (low stock, decision 065) live in the inbox's
-- notifications table with that restaurant's id (null: a platform admin's send). `managersOnly`
-- keeps a notice from waiters, cashiers and the kitchen: promotions and stock notices concern the
-- owner and the managers.
ALTER TABLE `notifications` ADD COLUMN `restaurantId` INTEGER NULL,
    ADD COLUMN `managersOnly` BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX `notifications_restaurantId_idx` ON `notifications`(`restaurantId`);
ALTER TABLE `notifications` ADD CONSTRAINT `notifications_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
UPDATE `notifications` SET `managersOnly` = true WHERE `type` = 'promotion';

-- There is no SMS provider: the switch that promised SMS is gone (decision 064).
ALTER TABLE `restaurants` DROP COLUMN `smsNotifications`;
