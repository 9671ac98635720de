-- Kitchen printers (decision 080): a print agent's device with its token's SHA-256, bound to one
-- station, and the tickets each device has printed (one row per device and ticket).
CREATE TABLE `print_devices` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `stationId` INTEGER NOT NULL,
    `name` VARCHAR(60) NOT NULL,
    `tokenHash` CHAR(64) NOT NULL,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `lastSeenAt` DATETIME(3) NULL,

    UNIQUE INDEX `print_devices_tokenHash_key`(`tokenHash`),
    INDEX `print_devices_restaurantId_stationId_idx`(`restaurantId`, `stationId`),
    UNIQUE INDEX `print_devices_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `printed_tickets` (
    `deviceId` INTEGER NOT NULL,
    `ticketId` INTEGER NOT NULL,
    `printedAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `printed_tickets_ticketId_idx`(`ticketId`),
    PRIMARY KEY (`deviceId`, `ticketId`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `print_devices` ADD CONSTRAINT `print_devices_restaurantId_stationId_fkey` FOREIGN KEY (`restaurantId`, `stationId`) REFERENCES `stations`(`restaurantId`, `id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `printed_tickets` ADD CONSTRAINT `printed_tickets_deviceId_fkey` FOREIGN KEY (`deviceId`) REFERENCES `print_devices`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `printed_tickets` ADD CONSTRAINT `printed_tickets_ticketId_fkey` FOREIGN KEY (`ticketId`) REFERENCES `kitchen_tickets`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
