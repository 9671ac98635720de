-- Staff on a shared tablet (decision 071): the restaurant's tablet is a device of its own, staff
-- switch to themselves with a PIN, and a PIN session ends after two minutes without a request.
ALTER TABLE `auth_attempts` MODIFY `scope` ENUM('login', 'manager_password', 'admin_login', 'signup', 'password_reset', 'email_verify', 'staff_pin') NOT NULL;
ALTER TABLE `auth_counters` MODIFY `scope` ENUM('login', 'manager_password', 'admin_login', 'signup', 'password_reset', 'email_verify', 'staff_pin') NOT NULL;

ALTER TABLE `users` ADD COLUMN `pinHash` VARCHAR(255) NULL,
    ADD COLUMN `pinLookup` CHAR(64) NULL;
CREATE UNIQUE INDEX `users_restaurantId_pinLookup_key` ON `users`(`restaurantId`, `pinLookup`);

CREATE TABLE `shared_devices` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `name` VARCHAR(60) NOT NULL,
    `tokenHash` CHAR(64) NOT NULL,
    `createdByUserId` INTEGER NULL,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `lastSeenAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `revokedAt` DATETIME(3) NULL,

    UNIQUE INDEX `shared_devices_tokenHash_key`(`tokenHash`),
    INDEX `shared_devices_restaurantId_idx`(`restaurantId`),
    INDEX `shared_devices_createdByUserId_idx`(`createdByUserId`),
    UNIQUE INDEX `shared_devices_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `shared_devices` ADD CONSTRAINT `shared_devices_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `shared_devices` ADD CONSTRAINT `shared_devices_createdByUserId_fkey` FOREIGN KEY (`createdByUserId`) REFERENCES `users`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE `sessions` ADD COLUMN `sharedDeviceId` INTEGER NULL,
    ADD COLUMN `pinSeenAt` DATETIME(3) NULL;
CREATE INDEX `sessions_sharedDeviceId_idx` ON `sessions`(`sharedDeviceId`);
ALTER TABLE `sessions` ADD CONSTRAINT `sessions_sharedDeviceId_fkey` FOREIGN KEY (`sharedDeviceId`) REFERENCES `shared_devices`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
